import { PIX_EXPIRY_MINUTES, buildDynamicPixPayload, centsToPixAmount, pixAmountToCents, type Cents } from '@guarita/domain';
import {
  PIX_REFUND_ID_PATTERN,
  PixPspRejectedError,
  PixPspUnavailableError,
  type PixChargeCreated,
  type PixChargeRequest,
  type PixChargeState,
  type PixCobStatus,
  type PixPsp,
  type PixReceived,
  type PixRefundRequest,
  type PixRefundResult,
  type PixRefundStatus,
} from '../pix-psp';
import type { ApiPixClient, ApiPixResponse } from './client';

/**
 * PixPsp on a PSP's BCB "API Pix" (ADR 076), through the mTLS + OAuth2 client:
 * - createCharge: `PUT /cob/{txid}` (cobrança imediata) with `calendario.expiracao` = 360 minutes (ADR 003), the
 *   amount, our receiver key and the description; the BR Code we hand the customer is the dynamic one built from the
 *   charge's `loc.location` (domain `buildDynamicPixPayload`), so the payer's bank reads amount, expiry and txid from
 *   the PSP.
 * - getCharge: `GET /cob/{txid}` (status, and the `pix[]` received with endToEndId, valor, horario).
 * - refund: `PUT /pix/{e2eid}/devolucao/{id}` with `valor`; getRefund: `GET` of the same.
 * Answers we cannot read are a PixPspUnavailableError (fail closed), never a guess.
 */
export interface ApiPixSettings {
  /** The receiver's Pix key registered at this PSP (PIX_KEY). */
  receiverKey: string;
  merchantName: string;
  merchantCity: string;
}

const COB_STATUSES: readonly PixCobStatus[] = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'];
const REFUND_STATUSES: readonly PixRefundStatus[] = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'];

interface CobAnswer {
  txid?: unknown;
  status?: unknown;
  location?: unknown;
  loc?: { id?: unknown; location?: unknown };
  valor?: { original?: unknown };
  pix?: Array<{ endToEndId?: unknown; valor?: unknown; horario?: unknown }>;
}

export class ApiPixPsp implements PixPsp {
  readonly name = 'api-pix';
  /** The API Pix takes txids of 26–35 characters for PUT /cob/{txid}. */
  readonly txidLength = 35;

  constructor(
    private readonly client: ApiPixClient,
    private readonly settings: ApiPixSettings,
  ) {}

  async createCharge(req: PixChargeRequest): Promise<PixChargeCreated> {
    const res = await this.client.send<CobAnswer>('PUT', `/cob/${encodeURIComponent(req.txid)}`, {
      calendario: { expiracao: PIX_EXPIRY_MINUTES * 60 },
      valor: { original: centsToPixAmount(req.amount) },
      chave: this.settings.receiverKey,
      solicitacaoPagador: req.description.slice(0, 140),
    });
    if (res.status !== 200 && res.status !== 201) throw rejected('PUT /cob', res);
    const location = res.body?.loc?.location ?? res.body?.location;
    if (typeof location !== 'string' || location === '') throw new PixPspUnavailableError('PUT /cob answered without loc.location');
    let payload: string;
    try {
      payload = buildDynamicPixPayload({ location, merchantName: this.settings.merchantName, merchantCity: this.settings.merchantCity });
    } catch (err) {
      throw new PixPspUnavailableError('PUT /cob answered a location no BR Code can carry', { cause: err });
    }
    const locId = res.body?.loc?.id;
    return { payload, pspReference: typeof locId === 'number' || typeof locId === 'string' ? `loc:${locId}` : req.txid, location };
  }

  async getCharge(txid: string): Promise<PixChargeState | null> {
    const res = await this.client.send<CobAnswer>('GET', `/cob/${encodeURIComponent(txid)}`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw rejected('GET /cob', res);
    const b = res.body ?? {};
    const status = b.status as PixCobStatus;
    const amount = typeof b.valor?.original === 'string' ? pixAmountToCents(b.valor.original) : null;
    if (b.txid !== txid || !COB_STATUSES.includes(status) || amount === null) {
      throw new PixPspUnavailableError('GET /cob answered a charge we cannot read');
    }
    const pix: PixReceived[] = [];
    for (const p of Array.isArray(b.pix) ? b.pix : []) {
      const value = typeof p.valor === 'string' ? pixAmountToCents(p.valor) : null;
      const paidAt = typeof p.horario === 'string' ? new Date(p.horario) : null;
      if (typeof p.endToEndId !== 'string' || p.endToEndId === '' || value === null || !paidAt || Number.isNaN(paidAt.getTime())) {
        throw new PixPspUnavailableError('GET /cob answered a pix we cannot read');
      }
      pix.push({ endToEndId: p.endToEndId, amount: value, paidAt });
    }
    return { txid, status, amount, pix };
  }

  refund(req: PixRefundRequest): Promise<PixRefundResult> {
    return putDevolucao(this.client, req);
  }

  getRefund(endToEndId: string, refundId: string): Promise<PixRefundResult | null> {
    return getDevolucao(this.client, endToEndId, refundId);
  }
}

/**
 * A devolução of a Pix received at this PSP (`PUT /pix/{e2eid}/devolucao/{id}` with `valor`): of a Pix paid to a cob
 * or to a Pix Automático cobr alike (ApiPixPsp and ApiPixRecurrencePsp both use it). The same id answers the same
 * devolução; a 4xx is a PixPspRejectedError, an unreadable answer a PixPspUnavailableError.
 */
export async function putDevolucao(client: ApiPixClient, req: PixRefundRequest): Promise<PixRefundResult> {
  if (!PIX_REFUND_ID_PATTERN.test(req.refundId)) throw new PixPspRejectedError('invalid refund id', 400);
  const res = await client.send<{ status?: unknown; rtrId?: unknown }>(
    'PUT',
    `/pix/${encodeURIComponent(req.endToEndId)}/devolucao/${encodeURIComponent(req.refundId)}`,
    { valor: centsToPixAmount(req.amount as Cents) },
  );
  if (res.status !== 200 && res.status !== 201) throw rejected('PUT /pix/devolucao', res);
  return refundResult('PUT /pix/devolucao', res.body);
}

/** A devolução as the PSP has it now (`GET /pix/{e2eid}/devolucao/{id}`); null when it knows none with this id. */
export async function getDevolucao(client: ApiPixClient, endToEndId: string, refundId: string): Promise<PixRefundResult | null> {
  const res = await client.send<{ status?: unknown; rtrId?: unknown }>(
    'GET',
    `/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(refundId)}`,
  );
  if (res.status === 404) return null;
  if (res.status !== 200) throw rejected('GET /pix/devolucao', res);
  return refundResult('GET /pix/devolucao', res.body);
}

function refundResult(call: string, body: { status?: unknown; rtrId?: unknown } | null): PixRefundResult {
  const status = body?.status as PixRefundStatus;
  if (!REFUND_STATUSES.includes(status)) throw new PixPspUnavailableError(`${call} answered a status we cannot read`);
  return { status, rtrId: typeof body?.rtrId === 'string' ? body.rtrId : null };
}

/** A 4xx other than auth: the PSP's problem details (RFC 7807 `title`) without any of our data. */
function rejected(call: string, res: ApiPixResponse<unknown>): PixPspRejectedError {
  const title = (res.body as { title?: unknown } | null)?.title;
  return new PixPspRejectedError(
    `${call} answered ${res.status}${typeof title === 'string' ? `: ${title.slice(0, 120)}` : ''}`,
    res.status,
  );
}
