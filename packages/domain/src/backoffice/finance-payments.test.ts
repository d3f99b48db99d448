import { describe, expect, it } from 'vitest';
import { parseReaisInput, paymentRefundState, RefundRequestBody, refundableCents, refundRoute } from './finance-payments';

describe('a payment refund state', () => {
  it('is total once confirmed refunds reach the amount paid, in progress while any is open, part, or none', () => {
    expect(paymentRefundState(10_000, 0, 0)).toBe('nenhum');
    expect(paymentRefundState(10_000, 4_000, 0)).toBe('parcial');
    expect(paymentRefundState(10_000, 4_000, 6_000)).toBe('em_andamento');
    expect(paymentRefundState(10_000, 10_000, 0)).toBe('total');
  });

  it('may refund what is paid minus refunded minus in progress, never less than zero', () => {
    expect(refundableCents(10_000, 4_000, 1_000)).toBe(5_000);
    expect(refundableCents(10_000, 10_000, 0)).toBe(0);
    expect(refundableCents(10_000, 9_000, 2_000)).toBe(0);
  });
});

describe('the refund amount typed in reais', () => {
  it('reads Brazilian amounts into cents', () => {
    expect(parseReaisInput('40')).toBe(4_000);
    expect(parseReaisInput('40,5')).toBe(4_050);
    expect(parseReaisInput('R$ 1.234,56')).toBe(123_456);
    expect(parseReaisInput(' 0,01 ')).toBe(1);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '40,555', '-1', '1,2,3', '12.34', '1.23,00']) expect(parseReaisInput(bad), bad).toBeNull();
  });
});

describe('a refund request', () => {
  it('needs a positive amount in cents and a reason of at least 3 characters', () => {
    expect(RefundRequestBody.safeParse({ valor: 100, motivo: 'Duplicidade' }).success).toBe(true);
    expect(RefundRequestBody.safeParse({ valor: 0, motivo: 'Duplicidade' }).success).toBe(false);
    expect(RefundRequestBody.safeParse({ valor: 1.5, motivo: 'Duplicidade' }).success).toBe(false);
    expect(RefundRequestBody.safeParse({ valor: 100, motivo: '  a ' }).success).toBe(false);
  });
});

describe('who refunds a payment', () => {
  it('the provider that took it, when it is the one configured and can return money', () => {
    expect(refundRoute('api-pix', { name: 'api-pix', canRefund: true })).toBe('provedor');
    expect(refundRoute('sandbox', { name: 'sandbox', canRefund: true })).toBe('provedor');
  });
  it("another provider's panel when another took it; by hand when no configured provider can return money", () => {
    expect(refundRoute('adyen', { name: 'sandbox', canRefund: true })).toBe('outro_provedor');
    expect(refundRoute('static-brcode', { name: 'static-brcode', canRefund: false })).toBe('manual');
    expect(refundRoute('api-pix', null)).toBe('manual');
  });
});
