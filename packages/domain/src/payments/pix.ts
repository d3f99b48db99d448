import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload';
import { getPixKeyInfo } from '@brazilian-utils/brazilian-utils/get-pix-key-info';
import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils/get-pix-payload-info';
import { addDaysIso } from '../calendar';
import { todayInSaoPaulo } from '../dates';
import { cents, centsToReais, reaisToCents, type Cents } from '../money';

/** Spec 000 §9: a Pix for invoice negotiation expires 360 minutes after creation. */
export const PIX_EXPIRY_MINUTES = 360;
/** Spec 000 §9: the negotiation's due date is tomorrow. */
export const PIX_DUE_IN_DAYS = 1;
/** Spec 000 §9: the seller code a Pix negotiation is recorded under. */
export const PIX_SLP_CODE = 16;
/** Spec 000 §2 / 002 §9: what the screen says about the QR's validity. */
export const PIX_DISPLAYED_VALIDITY = '02 horas';
/** Bacen BR Code field 62-05: 1 to 25 characters of [A-Za-z0-9]. */
export const PIX_TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

/** A Pix key the BR Code can carry (CPF, CNPJ, e-mail, mobile phone or random key). */
export function isValidPixKey(key: string): boolean {
  return getPixKeyInfo(key) !== null;
}

/** Lifecycle of a Pix charge as the API reports it. */
export type PixChargeStatus = 'pending' | 'paid' | 'expired';

export interface PixPayloadParams {
  /** The receiver's Pix key (CPF, CNPJ, e-mail, phone or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  amount: Cents;
  txid: string;
  description?: string;
}

/**
 * The "Pix copia e cola" BR Code (EMV MPM, CRC16) for an amount in cents, through the field library.
 * Throws when the library refuses the parameters (bad key, txid, amount).
 */
export function buildPixPayload(p: PixPayloadParams): string {
  if (!Number.isInteger(p.amount) || p.amount <= 0) throw new Error('Pix amount must be a positive integer number of cents');
  if (!PIX_TXID_PATTERN.test(p.txid)) throw new Error('Pix txid must be 1–25 characters of [A-Za-z0-9]');
  const payload = generatePixPayload({
    key: p.key,
    merchantName: p.merchantName,
    merchantCity: p.merchantCity,
    amount: centsToReais(p.amount),
    txid: p.txid,
    ...(p.description ? { description: p.description } : {}),
  });
  if (!payload) throw new Error('Pix payload refused by the BR Code generator (check the key, merchant name and city)');
  return payload;
}

/** Bacen field 26-25: the PSP location of a dynamic BR Code, without scheme, at most 77 characters. */
export const PIX_LOCATION_MAX = 77;

export interface DynamicPixPayloadParams {
  /** The charge's location as the API Pix answers it in `loc.location` (a leading `https://` is dropped). */
  location: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * The "Pix copia e cola" of a dynamic charge (cob) created at a PSP (Manual de Padrões para Iniciação do Pix):
 * point of initiation `12`, the location in the merchant account template (26-25) instead of a key, no amount and
 * txid `***` — the payer's bank fetches the amount, expiry and txid from the location. CRC16 as for a static code.
 */
export function buildDynamicPixPayload(p: DynamicPixPayloadParams): string {
  const location = p.location.trim().replace(/^https:\/\//i, '');
  if (location === '' || location.length > PIX_LOCATION_MAX || /\s/.test(location)) {
    throw new Error(`Pix location must be 1–${PIX_LOCATION_MAX} characters without scheme or spaces`);
  }
  const payload = generatePixPayload({ url: location, merchantName: p.merchantName, merchantCity: p.merchantCity });
  if (!payload) throw new Error('Pix dynamic payload refused by the BR Code generator (check the location, merchant name and city)');
  return payload;
}

export interface ParsedPixPayload {
  key?: string;
  url?: string;
  merchantName: string;
  merchantCity: string;
  amount?: Cents;
  txid?: string;
  description?: string;
}

/** Parses a BR Code back (checks structure and CRC); amount in cents. Null when invalid. */
export function parsePixPayload(payload: string): ParsedPixPayload | null {
  const info = getPixPayloadInfo(payload);
  if (!info) return null;
  const { amount, ...rest } = info;
  return { ...rest, ...(amount !== undefined ? { amount: reaisToCents(amount) } : {}) };
}

/** The negotiation's due date: tomorrow in São Paulo, 'YYYY-MM-DD'. */
export function pixDueDate(now: Date = new Date()): string {
  return addDaysIso(todayInSaoPaulo(now), PIX_DUE_IN_DAYS);
}

/** When a Pix created at `createdAt` stops being payable. */
export function pixExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PIX_EXPIRY_MINUTES * 60_000);
}

/** Effective status: a pending charge past its expiry is expired. */
export function pixStatus(stored: PixChargeStatus, expiresAt: Date | string, now: Date = new Date()): PixChargeStatus {
  if (stored === 'pending' && new Date(expiresAt).getTime() <= now.getTime()) return 'expired';
  return stored;
}

/** BR Code amounts ('194.97', as PSP webhooks send `valor`) → cents; null when malformed. */
export function pixAmountToCents(valor: string): Cents | null {
  if (!/^\d{1,10}\.\d{2}$/.test(valor)) return null;
  const [reais, centavos] = valor.split('.') as [string, string];
  return cents(Number(reais) * 100 + Number(centavos));
}

/** Cents → the BR Code/PSP decimal string ('194.97'). */
export function centsToPixAmount(cents: Cents): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
