import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import { MAX_UNFINISHED_UPLOADS, UPLOAD_TTL_HOURS } from '@guarita/domain';
import { UPLOAD_MSG, metadataOfRow, tusMetadata, type Destino, type UploadFields } from './metadata';

/** An unfinished upload lives this long after its creation (tus Upload-Expires); a finished one this long after finishing. */
export const UPLOAD_TTL_MS = UPLOAD_TTL_HOURS * 60 * 60 * 1000;

/**
 * Who is asking, for the tus hooks and the store: set by the route around the tus server's handling of one request
 * (a header could be forged; this cannot). Every read and write of the store is scoped to this customer, so another
 * customer's upload id is answered exactly like a missing one (404).
 */
export interface UploadCaller {
  customerId: number;
  /** The request's logger (its id in every line). */
  log?: FastifyBaseLogger;
  /** The validated fields onUploadCreate found, for `create` to store (tus hands `create` only the raw metadata). */
  fields?: UploadFields;
  /** Headers of an error answer (Retry-After of a 429), which tus's error hook cannot set. */
  errorHeaders?: Record<string, string>;
}
export const uploadCaller = new AsyncLocalStorage<UploadCaller>();

function caller(): UploadCaller {
  const c = uploadCaller.getStore();
  // The route sets it on every request: a call without it is a bug of ours, never a request to answer.
  if (!c) throw new Error('resumable upload outside a customer request');
  return c;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface UploadRow {
  id: string;
  destino: Destino;
  fields: UploadFields;
  length: number;
  offset: number;
  createdAt: Date;
  finishedAt: Date | null;
  /** Where the last chunk starts (null without chunks): see `reportedOffset`. */
  lastChunkOffset: number | null;
}

/** Reads one of the customer's live (unexpired) uploads; null for another customer's, an expired or a missing one. */
export async function findUpload(db: Database, customerId: number, id: string): Promise<UploadRow | null> {
  if (!UUID.test(id)) return null;
  const r = await db
    .selectFrom('uploads as u')
    .select([
      'u.id',
      'u.destino',
      'u.metadata',
      'u.upload_length',
      'u.upload_offset',
      'u.created_at',
      'u.finished_at',
      (eb) =>
        eb
          .selectFrom('upload_chunks as c')
          .select((e) => e.fn.max('c.chunk_offset').as('m'))
          .whereRef('c.upload_id', '=', 'u.id')
          .as('last_chunk_offset'),
    ])
    .where('u.id', '=', id)
    .where('u.customer_id', '=', customerId)
    .where('u.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    destino: r.destino,
    fields: metadataOfRow(r.destino, r.metadata),
    length: r.upload_length,
    offset: r.upload_offset,
    createdAt: new Date(r.created_at),
    finishedAt: r.finished_at ? new Date(r.finished_at) : null,
    lastChunkOffset: r.last_chunk_offset === null ? null : Number(r.last_chunk_offset),
  };
}

/**
 * The offset a client is told. All bytes received but the upload not finished (the process stopped, or the database
 * failed, between the last chunk's commit and the finish): the last chunk is reported missing, so the client sends it
 * again and that PATCH finishes the upload. Otherwise a client would see its upload complete while the photo was never
 * stored.
 */
export function reportedOffset(u: Pick<UploadRow, 'offset' | 'length' | 'finishedAt' | 'lastChunkOffset'>): number {
  if (u.offset === u.length && !u.finishedAt) return u.lastChunkOffset ?? 0;
  return u.offset;
}

/** Reads a whole stream into memory, refusing it past `max` bytes (a chunk never goes beyond Upload-Length). */
async function collect(stream: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += b.length;
    if (size > max) {
      stream.destroy();
      throw ERRORS.ERR_SIZE_EXCEEDED;
    }
    parts.push(b);
  }
  return Buffer.concat(parts, size);
}

/**
 * @tus/server's DataStore over our database (ADR 092): partial uploads are rows, not files on one instance's disk, so
 * any instance can take the next chunk, on PGlite and PostgreSQL alike. One PATCH is one transaction: the upload row is
 * locked, the offset checked (409 otherwise, the upload unchanged), the chunk inserted and the offset moved.
 * Extensions: creation, termination, expiration (the retention job deletes expired rows; `deleteExpired` does the same
 * on demand).
 */
export class DbUploadStore extends DataStore {
  constructor(private readonly db: Database) {
    super();
    this.extensions = ['creation', 'termination', 'expiration'];
  }

  override async create(file: Upload): Promise<Upload> {
    const { customerId, fields } = caller();
    // onUploadCreate validated the metadata and left the fields; without them nothing is created.
    if (!fields || !file.size) throw new Error('resumable upload created without validated metadata');
    const { destino, ...metadata } = fields as UploadFields & Record<string, unknown>;
    const createdAt = new Date();
    await this.db.transaction().execute(async (tx) => {
      // Serialises this customer's creations: two at once cannot both pass the limit.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${customerId}`}))`.execute(tx);
      const { n } = await tx
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .where('finished_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_UNFINISHED_UPLOADS) throw new AppError(429, 'TOO_MANY_UPLOADS', UPLOAD_MSG.tooManyUnfinished);
      await tx
        .insertInto('uploads')
        .values({
          id: file.id,
          customer_id: customerId,
          destino,
          metadata: JSON.stringify(metadata),
          upload_length: file.size!,
          created_at: createdAt,
          expires_at: new Date(createdAt.getTime() + UPLOAD_TTL_MS),
        })
        .execute();
    });
    file.creation_date = createdAt.toISOString();
    return file;
  }

  override async getUpload(id: string): Promise<Upload> {
    const u = await findUpload(this.db, caller().customerId, id);
    if (!u) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id: u.id,
      size: u.length,
      offset: reportedOffset(u),
      metadata: tusMetadata(u.fields),
      // A finished upload has no creation date for tus: its expiry check (24 h after creation) is for unfinished ones;
      // a finished one lives until its own expires_at, which `findUpload` checks.
      ...(u.finishedAt ? {} : { creation_date: u.createdAt.toISOString() }),
    });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { customerId } = caller();
    const head = await findUpload(this.db, customerId, id);
    if (!head) throw ERRORS.FILE_NOT_FOUND;
    const data = await collect(stream, Math.max(0, head.length - offset));
    return this.db.transaction().execute(async (tx) => {
      // The row locked: a concurrent PATCH of the same upload (another instance) waits and then finds its offset stale.
      const row = await tx
        .selectFrom('uploads')
        .select(['upload_length', 'upload_offset', 'finished_at'])
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .where('expires_at', '>', sql<Date>`now()`)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw ERRORS.FILE_NOT_FOUND;
      const last = await tx
        .selectFrom('upload_chunks')
        .select((eb) => eb.fn.max('chunk_offset').as('m'))
        .where('upload_id', '=', id)
        .executeTakeFirst();
      const lastChunkOffset = last?.m === null || last?.m === undefined ? null : Number(last.m);
      const current = reportedOffset({
        offset: row.upload_offset,
        length: row.upload_length,
        finishedAt: row.finished_at,
        lastChunkOffset,
      });
      if (offset !== current) throw ERRORS.INVALID_OFFSET;
      if (offset + data.length > row.upload_length) throw ERRORS.ERR_SIZE_EXCEEDED;
      if (data.length === 0) return offset;
      // The last chunk sent again after an unfinished finish (`reportedOffset`): it replaces the one received.
      if (current < row.upload_offset)
        await tx.deleteFrom('upload_chunks').where('upload_id', '=', id).where('chunk_offset', '>=', current).execute();
      await tx.insertInto('upload_chunks').values({ upload_id: id, chunk_offset: offset, bytes: data }).execute();
      await tx
        .updateTable('uploads')
        .set({ upload_offset: offset + data.length })
        .where('id', '=', id)
        .execute();
      return offset + data.length;
    });
  }

  override async remove(id: string): Promise<void> {
    const { customerId } = caller();
    if (!UUID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    const r = await this.db
      .deleteFrom('uploads')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (r.numDeletedRows === 0n) throw ERRORS.FILE_NOT_FOUND;
  }

  override getExpiration(): number {
    return UPLOAD_TTL_MS;
  }

  /** What the retention job does on its schedule (policy.ts), on demand: every expired upload, with its chunks. */
  override async deleteExpired(): Promise<number> {
    const r = await this.db
      .deleteFrom('uploads')
      .where('expires_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

/** The upload's bytes, in order (its chunks joined). */
export async function uploadBytes(db: Database, id: string): Promise<Buffer> {
  const chunks = await db.selectFrom('upload_chunks').select('bytes').where('upload_id', '=', id).orderBy('chunk_offset').execute();
  return Buffer.concat(chunks.map((c) => c.bytes));
}

/** Marks the upload finished: its bytes were taken (a claim photo: deleted) or are kept for a request (an attachment). */
export async function markFinished(db: Database, id: string, dropBytes: boolean): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('uploads')
      .set({ finished_at: sql<Date>`now()`, expires_at: sql<Date>`now() + make_interval(secs => ${UPLOAD_TTL_MS / 1000})` })
      .where('id', '=', id)
      .where('finished_at', 'is', null)
      .execute();
    if (dropBytes) await tx.deleteFrom('upload_chunks').where('upload_id', '=', id).execute();
  });
}

/** Deletes one upload whatever its state (a refused claim photo: the client starts over and meets the same answer). */
export async function dropUpload(db: Database, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}
