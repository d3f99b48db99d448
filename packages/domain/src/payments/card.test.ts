import { describe, expect, it } from 'vitest';
import {
  cardFormErrors,
  detectCardBrand,
  formatExpiryInput,
  isValidCardNumber,
  luhnValid,
  maskCardSummary,
  normalizeHolderName,
  splitExpiry,
  stripDigits,
  toPlainCardFields,
} from './card';
import { PAYMENT_MSG } from './messages';
import { encryptedCardSchema } from './schemas';

const now = new Date('2026-11-22T12:00:00Z');
const valid = { numeroCartao: '4111 1111 1111 1111', mesExpiracao: '12', anoExpiracao: '28', cvv: '123', nomeTitular: 'Maria A Souza' };

describe('card brand', () => {
  it('detects visa, mastercard (both ranges) and treats every other prefix as amex', () => {
    expect(detectCardBrand('4111111111111111')).toBe('visa');
    expect(detectCardBrand('4')).toBe('visa');
    expect(detectCardBrand('5555 5555 5555 4444')).toBe('mc');
    expect(detectCardBrand('5105105105105100')).toBe('mc');
    expect(detectCardBrand('2221000000000009')).toBe('mc');
    expect(detectCardBrand('2720990000000007')).toBe('mc');
    expect(detectCardBrand('378282246310005')).toBe('amex');
    expect(detectCardBrand('6062826786276634')).toBe('amex'); // Hipercard: "other treated as Amex"
    expect(detectCardBrand('5067000000000000')).toBe('amex'); // Elo range outside 51–55
    expect(detectCardBrand('2720990000000007'.replace(/^2720/, '2721'))).toBe('amex');
  });
  it('waits while the prefix is still ambiguous or empty', () => {
    expect(detectCardBrand('')).toBeNull();
    expect(detectCardBrand('5')).toBeNull();
    expect(detectCardBrand('22')).toBeNull();
  });
});

describe('Luhn and number validity', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('')).toBe(false);
  });
  it('accepts masked numbers of 12–19 digits and refuses repeated digits', () => {
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('378282246310005')).toBe(true);
    expect(isValidCardNumber('4111111111111112')).toBe(false);
    expect(isValidCardNumber('0000000000000000')).toBe(false);
    expect(isValidCardNumber('42424')).toBe(false);
  });
});

describe('card form helpers', () => {
  it('strips digits from the holder name as typed', () => {
    expect(stripDigits('Maria 2 Souza3')).toBe('Maria  Souza');
    expect(normalizeHolderName(' Maria 2  Souza3 ')).toBe('Maria Souza');
  });
  it('masks and formats', () => {
    expect(maskCardSummary('4242')).toBe('**** **** **** 4242');
    expect(splitExpiry('03/29')).toEqual({ month: '03', year: '29' });
  });
  it('normalizes a valid form to brand + last 4 and a 4-digit year', () => {
    expect(toPlainCardFields(valid)).toEqual({
      number: '4111111111111111',
      expiryMonth: '12',
      expiryYear: '2028',
      securityCode: '123',
      holderName: 'Maria A Souza',
    });
  });
});

describe('card form validation (spec 000 §5 messages)', () => {
  it('passes a complete valid form', () => {
    expect(cardFormErrors(valid, now)).toEqual([]);
  });
  it('reports each missing field with the spec message, in the spec order', () => {
    expect(cardFormErrors({}, now).map((e) => e.message)).toEqual([
      'Erro ao processar pagamento. número do cartão não informado!',
      'mês/ano de expiração não informado',
      'CVV não informado',
      'nome do titular do cartão não informado.',
    ]);
  });
  it('refuses an invalid number, a bad or past expiry, a bad CVV and a name made only of digits', () => {
    expect(cardFormErrors({ ...valid, numeroCartao: '4111111111111112' }, now)[0]?.message).toBe(
      'Erro ao processar pagamento. número do cartão inválido!',
    );
    expect(cardFormErrors({ ...valid, anoExpiracao: '' }, now)[0]?.message).toBe(PAYMENT_MSG.cardExpiryMissing);
    expect(cardFormErrors({ ...valid, mesExpiracao: '13' }, now)[0]?.message).toBe(PAYMENT_MSG.cardExpiryInvalid);
    expect(cardFormErrors({ ...valid, mesExpiracao: '10', anoExpiracao: '2026' }, now)[0]?.message).toBe(PAYMENT_MSG.cardExpiryInvalid);
    expect(cardFormErrors({ ...valid, mesExpiracao: '11', anoExpiracao: '2026' }, now)).toEqual([]);
    expect(cardFormErrors({ ...valid, cvv: '12' }, now)[0]?.message).toBe(PAYMENT_MSG.cardCvvInvalid);
    expect(cardFormErrors({ ...valid, numeroCartao: '378282246310005', cvv: '123' }, now)[0]?.message).toBe(PAYMENT_MSG.cardCvvInvalid);
    expect(cardFormErrors({ ...valid, nomeTitular: '1234' }, now)[0]?.message).toBe(PAYMENT_MSG.cardHolderMissing);
  });
  it('the API takes only encrypted fields: missing ones carry the spec messages, a number in clear is refused', () => {
    const enc = {
      encryptedCardNumber: 'eyJ.a.b.c.d',
      encryptedExpiryMonth: 'eyJ.e',
      encryptedExpiryYear: 'eyJ.f',
      encryptedSecurityCode: 'eyJ.g',
      holderName: ' Maria 2 Souza ',
    };
    expect(encryptedCardSchema.parse(enc).holderName).toBe('Maria Souza');
    const bad = encryptedCardSchema.safeParse({ ...enc, encryptedCardNumber: '' });
    expect(bad.error?.issues[0]?.message).toBe(PAYMENT_MSG.cardNumberMissing);
    expect(encryptedCardSchema.safeParse({ ...enc, encryptedSecurityCode: undefined }).error?.issues[0]?.message).toBe(
      PAYMENT_MSG.cardCvvMissing,
    );
    expect(encryptedCardSchema.safeParse({ ...enc, holderName: '' }).error?.issues[0]?.message).toBe(PAYMENT_MSG.cardHolderMissing);
    const clear = encryptedCardSchema.safeParse({ ...enc, encryptedCardNumber: '4111 1111 1111 1111', encryptedSecurityCode: '123' });
    expect(clear.error?.issues.map((i) => i.message)).toEqual([PAYMENT_MSG.cardNotEncrypted, PAYMENT_MSG.cardNotEncrypted]);
  });
});

describe('formatExpiryInput (the MM/AA mask)', () => {
  it('puts a slash after the month and keeps four digits at most', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('123')).toBe('12/3');
    expect(formatExpiryInput('12305')).toBe('12/30');
    expect(formatExpiryInput('1a2b3c0')).toBe('12/30');
  });
  it("keeps the last two year digits of an autofilled 'MM/AAAA'", () => {
    expect(formatExpiryInput('07/2031')).toBe('07/31');
    expect(formatExpiryInput('07/31')).toBe('07/31');
    expect(formatExpiryInput('7/')).toBe('7');
  });
});
