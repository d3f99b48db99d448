import { describe, expect, it } from 'vitest';
import { parentRoute } from './parent-route';

describe('parentRoute', () => {
  it('has no parent on the start page, with or without a contract in the address', () => {
    expect(parentRoute('/dashboard')).toBeNull();
    expect(parentRoute('/dashboard/100101')).toBeNull();
  });

  it('goes from a payments sub-screen and the advance to the payments page', () => {
    expect(parentRoute('/pagamentos/fatura-em-aberto')).toBe('/pagamentos');
    expect(parentRoute('/pagamentos/cartao')).toBe('/pagamentos');
    expect(parentRoute('/pagamentos/adicionar-cartao')).toBe('/pagamentos');
    expect(parentRoute('/antecipacao')).toBe('/pagamentos');
  });

  it('goes from a section to the start page', () => {
    for (const p of [
      '/cadastro',
      '/meu-plano',
      '/mapa',
      '/pagamentos',
      '/pagamentos/100101',
      '/pagamentos/placa/ABC1D23',
      '/suporte',
      '/sinistros',
      '/aviso',
      '/servicos-adicionais',
    ])
      expect(parentRoute(p), p).toBe('/dashboard');
  });

  it('goes from a detail to its list', () => {
    expect(parentRoute('/suporte/100101')).toBe('/suporte');
    expect(parentRoute('/suporte/100101/upgrade')).toBe('/suporte');
    expect(parentRoute('/sinistros/consulta/5001')).toBe('/sinistros');
    expect(parentRoute('/sinistros/100101')).toBe('/sinistros');
    expect(parentRoute('/aviso/100101')).toBe('/aviso');
    expect(parentRoute('/cadastro/')).toBe('/dashboard');
  });
});
