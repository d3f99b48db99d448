import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import {
  PIX_DISPLAYED_VALIDITY,
  PIX_EXPIRY_MINUTES,
  PIX_SLP_CODE,
  buildDynamicPixPayload,
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

/** CRC16-CCITT-FALSE as the BR Code manual specifies it (polynomial 0x1021, initial 0xFFFF), written out independently of the library. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level EMV fields of a payload: id → value. */
function emvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < payload.length;) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    fields.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return fields;
}

describe('dynamic Pix BR Code (API Pix cob location, ADR 076)', () => {
  const location = 'pix.psp.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25';
  it('carries the location in 26-25 instead of a key, point of initiation 12, no amount, txid ***, a CRC a bank computes the same', () => {
    const payload = buildDynamicPixPayload({
      location: `https://${location}`,
      merchantName: base.merchantName,
      merchantCity: base.merchantCity,
    });
    const fields = emvFields(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(fields.get('26')).toBe(`0014br.gov.bcb.pix25${String(location.length).padStart(2, '0')}${location}`);
    expect(fields.has('54')).toBe(false);
    expect(fields.get('53')).toBe('986');
    expect(fields.get('62')).toBe('0503***');
    expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)));
    expect(parsePixPayload(payload)).toMatchObject({
      url: location,
      merchantName: 'Guarita Protecao Veicular',
      merchantCity: 'Belo Horizonte',
    });
    expect(parsePixPayload(payload)?.key).toBeUndefined();
  });
  it('the static payload passes the same independent CRC check', () => {
    const payload = buildPixPayload({ ...base, amount: cents(19497) });
    expect(emvFields(payload).get('63')).toBe(crc16(payload.slice(0, -4)));
  });
  it('refuses a location that does not fit the field or is not one', () => {
    const make = (loc: string) => () => buildDynamicPixPayload({ location: loc, merchantName: 'A', merchantCity: 'B' });
    expect(make('')).toThrow();
    expect(make(`pix.psp.example/${'x'.repeat(70)}`)).toThrow();
    expect(make('pix.psp.example/qr v2')).toThrow();
  });
});
