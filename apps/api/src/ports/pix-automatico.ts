import type { Cents, CobrStatus, RecurrenceStatus } from '@guarita/domain';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, type PixRefundRequest, type PixRefundResult } from './pix-psp';

/**
 * Pix Automático port (issue 27 item 6; ADR 077): the receiving PSP's recurrence endpoints of the BCB API Pix.
 * - `createRecurrence`: `POST /locrec` + `POST /rec` (journey 2: the payer's bank reads a QR carrying the recurrence's
 *   location and the payer approves in the bank app); answers the idRec and the BR Code to show.
 * - `getRecurrence` / `cancelRecurrence`: `GET /rec/{idRec}`, `PATCH /rec/{idRec}` with status CANCELADA.
 * - `createRecurringCharge` / `getRecurringCharge`: `PUT /cobr/{txid}` (one per bill, due date and amount; the payer's
 *   bank debits it on the due date), `GET /cobr/{txid}`.
 * - `parseWebhook`: the PSP's notices (`recs[].idRec`, `cobsr[].txid`); the handler confirms each by asking the PSP.
 * - `refund` / `getRefund`: a devolução of the Pix that paid a charge (`PUT|GET /pix/{e2eid}/devolucao/{id}`, the
 *   same call as for any Pix received; the finance desk's 'Estornar', ADR 078).
 * Built-ins: the demo sandbox (pix-automatico-sandbox.ts) and the API Pix adapter (api-pix/recurrence.ts).
 */

export interface RecurrenceRequest {
  /** `vinculo.contrato`: our contract number (≤ 35). */
  contract: string;
  /** `vinculo.objeto`: what the payer sees in the bank app (≤ 35). */
  object: string;
  /** `vinculo.devedor`: CPF (11) or CNPJ (14) and name. */
  debtor: { document: string; name: string };
  /** `calendario.dataInicial`, 'YYYY-MM-DD'. */
  startDate: string;
  /** `valor.valorRec`: a fixed monthly amount. */
  amount: Cents;
  /** `politicaRetentativa`. */
  retryPolicy: 'NAO_PERMITE' | 'PERMITE_3R_7D';
}

export interface RecurrenceAtPsp {
  idRec: string;
  status: RecurrenceStatus;
  /** `dadosQR.pixCopiaECola` while the payer has not answered; null otherwise. */
  copyPaste: string | null;
  /** The sandbox's approval page (demo only); null for a real PSP. */
  approvalUrl: string | null;
}

export interface RecurringChargeRequest {
  /** 26–35 of [A-Za-z0-9] (API Pix `CobR` txid). */
  txid: string;
  idRec: string;
  /** `calendario.dataDeVencimento`, 'YYYY-MM-DD'. */
  dueDate: string;
  /** `valor.original`. */
  amount: Cents;
  /** `infoAdicional`: what the payer's bank shows for the charge. */
  description: string;
  debtor: { document: string; name: string };
}

export interface RecurringChargeAtPsp {
  txid: string;
  idRec: string;
  status: CobrStatus;
  /** The Pix that paid it, once CONCLUIDA. */
  payment: { endToEndId: string; amount: Cents; at: Date } | null;
}

export type RecurrenceNotice = { kind: 'rec'; idRec: string } | { kind: 'cobr'; txid: string };

export interface PixRecurrencePsp {
  readonly name: string;
  createRecurrence(req: RecurrenceRequest): Promise<RecurrenceAtPsp>;
  getRecurrence(idRec: string): Promise<RecurrenceAtPsp>;
  cancelRecurrence(idRec: string): Promise<RecurrenceAtPsp>;
  createRecurringCharge(req: RecurringChargeRequest): Promise<RecurringChargeAtPsp>;
  getRecurringCharge(txid: string): Promise<RecurringChargeAtPsp>;
  /** Returns part or all of the Pix that paid a recurring charge (its endToEndId), under our refund id (idempotent). */
  refund(req: PixRefundRequest): Promise<PixRefundResult>;
  /** A devolução as the PSP has it now; null if it knows none with this id. */
  getRefund(endToEndId: string, refundId: string): Promise<PixRefundResult | null>;
  /** The notices of a webhook request; null when it is not the PSP's (bad or missing signature). */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): RecurrenceNotice[] | null;
  /** Releases connections, if it holds any (called when the app closes). */
  close?(): Promise<void>;
}

/** The outside call failed or timed out: nothing is known to have changed at the PSP (retry with the same ids). */
export class PixRecurrenceUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PixRecurrenceUnavailableError';
  }
}

/**
 * The notices in a webhook body (`{ recs: [{ idRec }], cobsr: [{ txid }] }`) after the signature check: HMAC-SHA256 of
 * the raw body in `x-webhook-signature` (the Pix webhook's, ADR 003), behind the PSP's mutual TLS in production.
 */
export function parseSignedNotices(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string | null,
): RecurrenceNotice[] | null {
  if (!verifyWebhookSignature(rawBody, headers[WEBHOOK_SIGNATURE_HEADER], secret)) return null;
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return [];
  }
  const notices: RecurrenceNotice[] = [];
  const b = (body ?? {}) as { recs?: unknown; cobsr?: unknown };
  for (const r of Array.isArray(b.recs) ? b.recs : []) if (typeof r?.idRec === 'string') notices.push({ kind: 'rec', idRec: r.idRec });
  for (const c of Array.isArray(b.cobsr) ? b.cobsr : []) if (typeof c?.txid === 'string') notices.push({ kind: 'cobr', txid: c.txid });
  return notices;
}
