import { describe, expect, it } from 'vitest';
import { greetingName } from './customer';

describe('greetingName', () => {
  it('greets a person by the first name', () => {
    expect(greetingName({ name: 'Maria Aparecida Souza', cnpj: null })).toBe('Maria');
    expect(greetingName({ name: '  João ', cnpj: null, tradeName: 'ignored' })).toBe('João');
  });

  it('greets a company by its trade name', () => {
    expect(greetingName({ name: 'Transportes Horizonte Ltda', tradeName: 'Horizonte Cargas', cnpj: '11222333000181' })).toBe(
      'Horizonte Cargas',
    );
  });

  it('without a trade name, uses the company name without its legal form, never its first word', () => {
    expect(greetingName({ name: 'Transportes Horizonte Ltda', tradeName: null, cnpj: '11222333000181' })).toBe('Transportes Horizonte');
    expect(greetingName({ name: 'Alfa Numérica Logística S.A.', tradeName: ' ', cnpj: '12ABC34501DE35' })).toBe('Alfa Numérica Logística');
    expect(greetingName({ name: 'Padaria Pão Quente ME', cnpj: '11222333000181' })).toBe('Padaria Pão Quente');
  });
});
