import { randomUUID } from 'node:crypto';
import { Server } from '@tus/server';
import { ERRORS, type Upload } from '@tus/utils';
import {
  CLAIM_LIMITS,
  CLAIM_MSG,
  CLOSED_STATUS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOADS_PER_DAY,
  MSG,
  RESUMABLE_UPLOAD_PATH,
  SUPPORT_MSG,
  uploadFields,
  type ContractId,
} from '@guarita/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/db';
import { isDatabaseUnavailable } from '../../db/db';
import { AppError } from '../../lib/errors';
import { DAY_BUCKET, type RateLimiter } from '../../lib/rate-limit';
import type { ClaimsService } from '../claims';
import type { ContractService } from '../contracts';
import { UPLOAD_MSG, tusMetadata } from './metadata';
import { DbUploadStore, dropUpload, findUpload, markFinished, uploadBytes, uploadCaller } from './store';

export interface TusDeps {
  db: Database;
  limiter: Pick<RateLimiter, 'hit'>;
  claims: Pick<ClaimsService, 'uploadTarget' | 'upload'>;
  contracts: Pick<ContractService, 'requireOwned'>;
  log: FastifyBaseLogger;
}

/** The error envelope (DESIGN.md §6) as the text of a tus answer. */
export function envelopeText(status: number, erro: string, mensagem: string, detalhes?: AppError['detalhes']): string {
  return JSON.stringify({ sucesso: false, status, erro, mensagem, ...(detalhes ? { detalhes } : {}) });
}

/** tus's own refusals (plain English text) as our envelope, by status: the client acts on the status alone. */
export function tusRefusal(status: number): { erro: string; mensagem: string } {
  if (status === 404 || status === 410) return { erro: 'NOT_FOUND', mensagem: UPLOAD_MSG.notFound };
  if (status === 409) return { erro: 'UPLOAD_OFFSET_CONFLICT', mensagem: UPLOAD_MSG.offsetConflict };
  if (status === 413) return { erro: 'FILE_TOO_LARGE', mensagem: UPLOAD_MSG.tooLarge };
  if (status === 503) return { erro: 'SERVICE_UNAVAILABLE', mensagem: MSG.connection };
  if (status >= 500) return { erro: 'INTERNAL', mensagem: UPLOAD_MSG.failed };
  return { erro: 'BAD_REQUEST', mensagem: UPLOAD_MSG.badRequest };
}

const withStatus = (err: unknown): err is { status_code: number; body: string } =>
  typeof err === 'object' && err !== null && typeof (err as { status_code?: unknown }).status_code === 'number';

/**
 * The tus 1.0.0 server of /api/uploads (ADR 092), over the database store. Its hooks check, with the caller the route
 * put in `uploadCaller`:
 * - at creation: the metadata (400), the target as the one-request upload would (a claim of the caller, open, with that
 *   photo type; or a contract of the caller, not closed: 404/409) and the length (413, 400 empty);
 * - at the last byte: a claim photo goes through `claims.upload` (the same inspection, the same transaction, the same
 *   replacement of the type's file); its refusal answers the PATCH with its status and envelope, and the upload is
 *   deleted so that a resumed client starts over and meets the same answer. An attachment stays, finished, for a
 *   support request to take (`takeAnexos`).
 */
export function tusServer({ db, limiter, claims, contracts, log }: TusDeps): Server {
  const store = new DbUploadStore(db);
  const callerOf = () => {
    const c = uploadCaller.getStore();
    if (!c) throw new Error('resumable upload outside a customer request');
    return c;
  };

  const onUploadCreate = async (_req: unknown, upload: Upload) => {
    const c = callerOf();
    const parsed = uploadFields(upload.metadata ?? {});
    if ('error' in parsed) throw new AppError(400, 'VALIDATION', parsed.error);
    const f = parsed.fields;
    const size = upload.size ?? 0;
    if (f.destino === 'foto-sinistro') {
      await claims.uploadTarget(c.customerId, f.caso, f.tipo);
      if (size > CLAIM_LIMITS.pdfMaxBytes) throw new AppError(413, 'FILE_TOO_LARGE', CLAIM_MSG.fileTooLarge);
      if (size === 0) throw new AppError(400, 'EMPTY_FILE', CLAIM_MSG.selectFile);
    } else {
      const contract = await contracts.requireOwned(c.customerId, f.contrato as ContractId);
      // As the support request's own check: a closed contract is answered like someone else's.
      if (contract.status === CLOSED_STATUS) throw new AppError(404, 'NOT_FOUND', SUPPORT_MSG.contractNotFound);
      if (size > MAX_UPLOAD_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', SUPPORT_MSG.fileTooLarge);
      if (size === 0) throw new AppError(400, 'EMPTY_FILE', SUPPORT_MSG.emptyFile);
    }
    // Counted once the request is one we would take: what one login may make the database hold in a day.
    await limiter.hit(`${DAY_BUCKET}uploads:${c.customerId}`, MAX_UPLOADS_PER_DAY).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 429 ? new AppError(429, 'RATE_LIMITED', UPLOAD_MSG.tooManyToday, err.headers) : err;
    });
    c.fields = f;
    return { metadata: tusMetadata(f) };
  };

  const onUploadFinish = async (_req: unknown, upload: Upload) => {
    const { customerId } = callerOf();
    const u = await findUpload(db, customerId, upload.id);
    if (!u) throw ERRORS.FILE_NOT_FOUND;
    // Finished before (a client that lost the answer sent an empty PATCH at the end): nothing is stored again.
    if (u.finishedAt) return {};
    if (u.fields.destino === 'anexo') {
      await markFinished(db, u.id, false);
      return {};
    }
    const bytes = await uploadBytes(db, u.id);
    if (bytes.length !== u.length) throw new Error(`upload ${u.id}: ${bytes.length} bytes stored of ${u.length}`);
    try {
      await claims.upload(customerId, u.fields.caso, u.fields.tipo, bytes);
    } catch (err) {
      // Refused (wrong type, closed claim, quota…): sending the same bytes again gets the same answer, so the upload
      // goes. Anything else (the database away) keeps it: the client resumes and the finish is tried again.
      if (err instanceof AppError) await dropUpload(db, u.id);
      throw err;
    }
    await markFinished(db, u.id, true);
    return {};
  };

  return new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: store,
    // Location: /api/uploads/<id> (same origin; no host taken from the request).
    relativeLocation: true,
    // Same origin only: no CORS header for any origin.
    allowedOrigins: () => false,
    namingFunction: () => randomUUID(),
    // Per-instance lock of an upload (HEAD waits for a PATCH in flight); across instances the row lock of a chunk's
    // transaction and its offset check keep the upload consistent.
    onUploadCreate,
    onUploadFinish,
    onResponseError: (_req, err) => {
      if (err instanceof AppError) {
        const c = uploadCaller.getStore();
        if (c) c.errorHeaders = err.headers;
        return { status_code: err.status, body: envelopeText(err.status, err.code, err.mensagem, err.detalhes) };
      }
      // tus's own refusals keep their status, but its 501 (a client asking for an extension we do not offer:
      // defer-length, concatenation) is the client's request, not our failure: 400. Its 500s (a lock not acquired in
      // time) are logged as ours below.
      if (withStatus(err) && err.status_code !== 500) {
        const status = err.status_code === 501 ? 400 : err.status_code;
        const r = tusRefusal(status);
        return { status_code: status, body: envelopeText(status, r.erro, r.mensagem) };
      }
      if (isDatabaseUnavailable(err)) {
        log.warn({ code: (err as { code?: string }).code }, 'database unavailable');
        return { status_code: 503, body: envelopeText(503, 'SERVICE_UNAVAILABLE', MSG.connection) };
      }
      (uploadCaller.getStore()?.log ?? log).error({ err }, 'resumable upload failed');
      return { status_code: 500, body: envelopeText(500, 'INTERNAL', MSG.unexpected) };
    },
  });
}
