import { describe, expect, it } from 'vitest';
import { documentError, documentKind, formatDocument, isValidDocument, normalizeDocument } from './document';
import { documentSchema } from './schemas';

describe('CPF/CNPJ', () => {
  it('accepts valid CPFs and CNPJs, masked or not', () => {
    expect(isValidDocument('529.982.247-25')).toBe(true);
    expect(isValidDocument('52998224725')).toBe(true);
    expect(isValidDocument('11.222.333/0001-81')).toBe(true);
    expect(isValidDocument('11222333000181')).toBe(true);
  });

  it('accepts the alphanumeric CNPJ, in any case', () => {
    expect(isValidDocument('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidDocument('12abc34501de35')).toBe(true);
    expect(normalizeDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(documentKind('12ABC34501DE35')).toBe('cnpj');
  });

  it('checks digits, not only lengths', () => {
    expect(isValidDocument('529.982.247-24')).toBe(false);
    expect(isValidDocument('11.222.333/0001-82')).toBe(false);
    expect(isValidDocument('111.111.111-11')).toBe(false);
    expect(isValidDocument('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidDocument('1234567890')).toBe(false);
  });

  it('gives the spec messages', () => {
    expect(documentError('')).toBe('Preencha o campo acima');
    expect(documentError('   ')).toBe('Preencha o campo acima');
    expect(documentError('123')).toBe('CPF ou CNPJ inválidos!');
    expect(documentError('529.982.247-25')).toBeNull();
    expect(documentSchema.safeParse('529.982.247-24').error?.issues[0]?.message).toBe('CPF ou CNPJ inválidos!');
    expect(documentSchema.parse('529.982.247-25')).toBe('52998224725');
  });

  it('formats a normalized document', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });
});
