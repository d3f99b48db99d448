import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import {
  PIX_DISPLAYED_VALIDITY,
  PIX_EXPIRY_MINUTES,
  PIX_SLP_CODE,
  buildPixPayload,
  centsToPixAmount,
  parsePixPayload,
  pixAmountToCents,
  pixDueDate,
  pixExpiresAt,
  pixStatus,
} from './pix';

const base = {
  key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  merchantName: 'Guarita Proteção Veicular',
  merchantCity: 'Belo Horizonte',
  txid: 'GUA0123456789abcdef012345',
};

describe('Pix constants (spec 000 §9)', () => {
  it('360-minute expiry, due tomorrow, seller 16, shown as 02 horas', () => {
    expect(PIX_EXPIRY_MINUTES).toBe(360);
    expect(PIX_SLP_CODE).toBe(16);
    expect(PIX_DISPLAYED_VALIDITY).toBe('02 horas');
    expect(pixExpiresAt(new Date('2026-11-22T12:00:00Z')).toISOString()).toBe('2026-11-22T18:00:00.000Z');
    // 23:30 in São Paulo on the 22nd is already the 23rd in UTC: tomorrow is still the 23rd local.
    expect(pixDueDate(new Date('2026-11-23T02:30:00Z'))).toBe('2026-11-23');
    expect(pixDueDate(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });
});

describe('Pix BR Code', () => {
  it('builds a payload whose CRC checks and that parses back to the same amount and txid', () => {
    const payload = buildPixPayload({ ...base, amount: cents(19497) });
    expect(payload.startsWith('000201')).toBe(true);
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
    const parsed = parsePixPayload(payload);
    expect(parsed).toMatchObject({
      key: base.key,
      amount: 19497,
      txid: base.txid,
      merchantName: 'Guarita Protecao Veicular',
      merchantCity: 'Belo Horizonte',
    });
  });
  it('detects a tampered payload (CRC)', () => {
    const payload = buildPixPayload({ ...base, amount: cents(100) });
    const tampered = payload.replace('54041.00', '54041.01');
    expect(tampered).not.toBe(payload);
    expect(parsePixPayload(tampered)).toBeNull();
  });
  it('refuses bad amounts and txids', () => {
    expect(() => buildPixPayload({ ...base, amount: cents(0) })).toThrow();
    expect(() => buildPixPayload({ ...base, amount: cents(10.5) })).toThrow();
    expect(() => buildPixPayload({ ...base, amount: cents(100), txid: 'has-dash' })).toThrow();
    expect(() => buildPixPayload({ ...base, amount: cents(100), key: 'not a key' })).toThrow();
  });
  it('converts webhook amounts exactly', () => {
    expect(pixAmountToCents('194.97')).toBe(19497);
    expect(pixAmountToCents('0.10')).toBe(10);
    expect(pixAmountToCents('1.5')).toBeNull();
    expect(centsToPixAmount(cents(19497))).toBe('194.97');
    expect(centsToPixAmount(cents(5))).toBe('0.05');
  });
  it('a pending charge past its expiry reads as expired', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(pixStatus('pending', '2026-11-22T11:59:59Z', now)).toBe('expired');
    expect(pixStatus('pending', '2026-11-22T12:00:01Z', now)).toBe('pending');
    expect(pixStatus('paid', '2026-11-22T11:00:00Z', now)).toBe('paid');
  });
});
