import { describe, expect, it } from 'vitest';
import { looksLikePan, REMOVED, stripCardData } from './provider-payload';

describe('stripCardData', () => {
  it('removes card fields by name whatever they hold', () => {
    const out = stripCardData({
      paymentMethod: {
        type: 'scheme',
        encryptedCardNumber: 'adyenjs_0_1_25$abc',
        encryptedSecurityCode: 'eyJhbGciOi',
        encryptedExpiryMonth: 'x',
        encryptedExpiryYear: 'y',
        holderName: 'Maria Silva',
      },
      card: { number: '4111111111111111', cvc: '737', expiryMonth: '03', expiryYear: '2030', cvv: 123 },
      additionalData: { cardSummary: '1111', expiryDate: '3/2030', cardBin: '411111' },
    });
    expect(out).toEqual({
      paymentMethod: {
        type: 'scheme',
        encryptedCardNumber: REMOVED,
        encryptedSecurityCode: REMOVED,
        encryptedExpiryMonth: REMOVED,
        encryptedExpiryYear: REMOVED,
        holderName: 'Maria Silva',
      },
      card: { number: REMOVED, cvc: REMOVED, expiryMonth: REMOVED, expiryYear: REMOVED, cvv: REMOVED },
      additionalData: { cardSummary: '1111', expiryDate: REMOVED, cardBin: '411111' },
    });
  });

  it('replaces a Luhn-valid 13–19 digit run anywhere, in strings, numbers, arrays and keys', () => {
    const out = stripCardData({
      reason: 'cartão 4111 1111 1111 1111 recusado',
      note: 'ref 5555-5555-5555-4444.',
      list: ['378282246310005', 4111111111111111],
      '4012888888881881': 'key',
    });
    expect(JSON.stringify(out)).not.toMatch(/4111|5555|378282|4012888/);
    expect(out).toEqual({
      reason: `cartão ${REMOVED} recusado`,
      note: `ref ${REMOVED}.`,
      list: [REMOVED, REMOVED],
      [REMOVED]: 'key',
    });
  });

  it('keeps what is not a card number: Pix ids, amounts, dates, CPFs, Luhn-invalid and longer digit runs', () => {
    const pix = {
      endToEndId: 'E18236120202611271500s0123456789',
      txid: '7978c0c97ea847e78e8849634473c1f1',
      valor: '10.00',
      horario: '2026-11-27T15:00:00.000Z',
      cpf: '12345678909',
      amount: 12345,
      notACard: '4111111111111112',
      twentyDigits: '41111111111111111111',
      same: '0000000000000000',
      ok: true,
      none: null,
    };
    expect(stripCardData(pix)).toEqual(pix);
  });

  it('bounds depth and size, and drops what is not JSON', () => {
    let deep: unknown = 'fundo';
    for (let i = 0; i < 20; i++) deep = { d: deep };
    expect(JSON.stringify(stripCardData(deep))).toContain(REMOVED);
    expect((stripCardData(Array.from({ length: 900 }, (_, i) => i)) as number[]).length).toBe(500);
    expect(stripCardData({ f: () => 1, u: undefined })).toEqual({ f: null, u: null });
  });
});

describe('looksLikePan', () => {
  it('is a card number length with a valid Luhn digit', () => {
    expect(looksLikePan('4111111111111111')).toBe(true);
    expect(looksLikePan('4111-1111-1111-1111')).toBe(true);
    expect(looksLikePan('411111111111')).toBe(false);
    expect(looksLikePan('4111111111111112')).toBe(false);
  });
});
