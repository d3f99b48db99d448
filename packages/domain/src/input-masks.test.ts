import { describe, expect, it } from 'vitest';
import { applyPatternMask, INPUT_MASKS, prepareExpiryChunk } from './input-masks';

const fits = (pattern: string, definitions: Record<string, RegExp> | undefined, value: string) => {
  if (pattern.length !== value.length) return false;
  return [...pattern].every((p, i) => {
    const c = value[i]!;
    if (p === '0') return /\d/.test(c);
    if (p === 'a') return /[A-Za-z]/.test(c);
    const def = definitions?.[p];
    return def ? def.test(c) : p === c;
  });
};
const accepts = (name: keyof typeof INPUT_MASKS, value: string) => {
  const m = INPUT_MASKS[name];
  return m.kind === 'pattern' && m.patterns.some((p) => fits(p.mask, 'definitions' in p ? p.definitions : undefined, value));
};

describe('input masks', () => {
  it('documents: CPF, numeric CNPJ and alphanumeric CNPJ', () => {
    expect(accepts('document', '529.982.247-25')).toBe(true);
    expect(accepts('document', '11.222.333/0001-81')).toBe(true);
    expect(accepts('document', '12.ABC.345/01DE-35')).toBe(true);
    // the check digits of a CNPJ are always digits
    expect(accepts('document', '12.ABC.345/01DE-3X')).toBe(false);
  });
  it('phones, CEP, card numbers, expiry, plates and chassis', () => {
    expect(accepts('phone', '(31) 3333-4444')).toBe(true);
    expect(accepts('phone', '(31) 98765-4321')).toBe(true);
    expect(accepts('cep', '30130-010')).toBe(true);
    expect(accepts('cardNumber', '3782 822463 10005')).toBe(true);
    expect(accepts('cardNumber', '4111 1111 1111 1111')).toBe(false); // 16 digits: the pattern runs to 19, the rest is optional in the field
    expect(accepts('expiry', '12/28')).toBe(true);
    expect(accepts('plate', 'RTA-1234')).toBe(true);
    expect(accepts('plate', 'RTA1B23')).toBe(true);
    expect(accepts('chassis', '9BW ZZZ377 VT 004251')).toBe(true);
    expect(accepts('chassis', '9BW ZZZ377 VT 00425I')).toBe(false);
  });
  it('the Amex pattern applies to 34… and 37… numbers only', () => {
    const card = INPUT_MASKS.cardNumber;
    const amex = card.patterns[0];
    expect(amex.when.test('378282')).toBe(true);
    expect(amex.when.test('411111')).toBe(false);
  });
  it('an autofilled MM/AAAA expiry becomes MM/AA', () => {
    expect(prepareExpiryChunk('07/2031')).toBe('07/31');
    expect(prepareExpiryChunk('7/2031')).toBe('07/31');
    expect(prepareExpiryChunk('0')).toBe('0');
    expect(prepareExpiryChunk('07/31')).toBe('07/31');
  });
});

describe('applyPatternMask (the login field without react-imask)', () => {
  const doc = (v: string) => applyPatternMask(INPUT_MASKS.document, v);
  it('formats a CPF as it is typed, literals only before a character', () => {
    expect(doc('')).toBe('');
    expect(doc('529')).toBe('529');
    expect(doc('5299')).toBe('529.9');
    expect(doc('52998224725')).toBe('529.982.247-25');
    expect(doc('529.982.247-25')).toBe('529.982.247-25');
  });
  it('becomes a CNPJ past 11 digits or with a letter, upper-cased; the check digits stay digits', () => {
    expect(doc('11222333000181')).toBe('11.222.333/0001-81');
    expect(doc('112223330001')).toBe('11.222.333/0001');
    expect(doc('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(doc('12.ABC.345/01DE-3X')).toBe('12.ABC.345/01DE-3');
    expect(doc('11222333000181999')).toBe('11.222.333/0001-81');
  });
  it('drops what fits nowhere and keeps the rest', () => {
    expect(doc(' 529 982 247 25 ')).toBe('529.982.247-25');
    expect(applyPatternMask(INPUT_MASKS.code, '12a34567')).toBe('123456');
    expect(applyPatternMask(INPUT_MASKS.cardNumber, '378282246310005')).toBe('3782 822463 10005');
    expect(applyPatternMask(INPUT_MASKS.expiry, '12/2028')).toBe('12/28');
  });
});
