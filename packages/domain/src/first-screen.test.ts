import { describe, expect, it } from 'vitest';
import { firstScreenRequest, selectedContractFromCookie } from './first-screen';

describe('firstScreenRequest (the boot body a route asks, ADR 058/059)', () => {
  it('asks the start data of the start page, the payments pages and advance, for the stored contract', () => {
    expect(firstScreenRequest('/dashboard', 100104)).toEqual({ start: true, nCtrId: 100104 });
    expect(firstScreenRequest('/pagamentos', null)).toEqual({ start: true });
    expect(firstScreenRequest('/pagamentos/placa/RTA1B23', 100101)).toEqual({ start: true, nCtrId: 100101 });
    expect(firstScreenRequest('/antecipacao', 100101)).toEqual({ start: true, nCtrId: 100101 });
  });

  it("takes the route's contract over the stored one", () => {
    expect(firstScreenRequest('/dashboard/100104', 100101)).toEqual({ start: true, nCtrId: 100104 });
    expect(firstScreenRequest('/pagamentos/100104', null)).toEqual({ start: true, nCtrId: 100104 });
    expect(firstScreenRequest('/suporte/100104/alteracao-de-plano', 100101)).toEqual({ cases: true, nCtrId: 100104 });
    expect(firstScreenRequest('/sinistros/100104', null)).toEqual({ claimEntry: true, nCtrId: 100104 });
  });

  it("asks each screen's own part", () => {
    expect(firstScreenRequest('/pagamentos/fatura-em-aberto', null)).toEqual({ summary: true });
    expect(firstScreenRequest('/meu-plano', null)).toEqual({ plan: true });
    expect(firstScreenRequest('/mapa', null)).toEqual({ trips: true });
    expect(firstScreenRequest('/notificacoes', null)).toEqual({ notifications: true });
    expect(firstScreenRequest('/sinistros', null)).toEqual({ claims: true });
    expect(firstScreenRequest('/sinistros/consulta/2026-000008', null)).toEqual({ claim: '2026-000008' });
    expect(firstScreenRequest('/cadastro', null)).toEqual({});
  });

  it('never sends what the server refuses: an id beyond int4, a malformed or long case number', () => {
    expect(firstScreenRequest('/dashboard/999999999999', null)).toEqual({ start: true });
    expect(firstScreenRequest('/dashboard', 2_147_483_648)).toEqual({ start: true });
    expect(firstScreenRequest('/sinistros/consulta/2026-1', null)).toEqual({});
    expect(firstScreenRequest('/sinistros/consulta/2026-1234567890123456', null)).toEqual({});
  });
});

describe('selectedContractFromCookie', () => {
  it('answers a positive int4 id, else none', () => {
    expect(selectedContractFromCookie('100104')).toBe(100104);
    expect(selectedContractFromCookie(undefined)).toBeNull();
    expect(selectedContractFromCookie('')).toBeNull();
    expect(selectedContractFromCookie('0')).toBeNull();
    expect(selectedContractFromCookie('-5')).toBeNull();
    expect(selectedContractFromCookie('1e5')).toBeNull();
    expect(selectedContractFromCookie('2147483648')).toBeNull();
    expect(selectedContractFromCookie('12345678901')).toBeNull();
  });
});
