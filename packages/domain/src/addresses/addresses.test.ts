import { describe, expect, it } from 'vitest';
import { AddressLookupDto, cepParamSchema, SUPPORT_MSG } from '../index';

describe('CEP lookup shapes', () => {
  it('takes a CEP masked or as 8 digits and yields the digits', () => {
    expect(cepParamSchema.parse('30160-011')).toBe('30160011');
    expect(cepParamSchema.parse('30160011')).toBe('30160011');
  });
  it("refuses anything else with 'CEP inválido'", () => {
    for (const bad of ['3016001', '30160-0111', '3016-0011', '30160_011', 'abcdefgh', '', '30.160-011']) {
      expect(cepParamSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(SUPPORT_MSG.invalidCep);
    }
  });
  it('the answer carries the spec names (Logradouro, Bairro, Municipio, UF, CodigoIbge)', () => {
    expect(Object.keys(AddressLookupDto.shape)).toEqual(['Cep', 'Logradouro', 'Bairro', 'Municipio', 'UF', 'CodigoIbge']);
  });
});
