import { describe, expect, it } from 'vitest';
import { samePlate, vehicleLabel, vehicleOptions } from './contracts';
import { loggedInRedirect, loginReturningTo, safeInternalPath } from './redirects';
import { openTotal } from './bills';

const c = (nCtrId: number, status: string, numberPlate: string | null, vModel: string | null) => ({
  nCtrId,
  status,
  vehicle: { numberPlate, vModel },
});

describe('vehicle selector', () => {
  it('labels plate+model upper case, else plate, else Dispositivo N', () => {
    expect(vehicleLabel(c(1, 'Ativo', 'abc1d23', 'Onix lt'), 0)).toBe('ABC1D23 ONIX LT');
    expect(vehicleLabel(c(1, 'Ativo', 'abc1d23', null), 0)).toBe('ABC1D23');
    expect(vehicleLabel(c(1, 'Ativo', null, 'Onix'), 2)).toBe('Dispositivo 3');
  });
  it('never lists Encerrado and values carry index and plate', () => {
    const opts = vehicleOptions([c(1, 'Ativo', 'AAA1A11', 'Gol'), c(2, 'Encerrado', 'BBB2B22', 'Uno'), c(3, 'Ativo', null, null)]);
    expect(opts.map((o) => o.label)).toEqual(['AAA1A11 GOL', 'Dispositivo 2']);
    expect(opts.map((o) => o.value)).toEqual(['0-AAA1A11', '1-']);
    expect(opts.map((o) => o.nCtrId)).toEqual([1, 3]);
  });
  it('compares plates loosely', () => {
    expect(samePlate('ABC-1D23', 'abc 1d23')).toBe(true);
    expect(samePlate('', '')).toBe(false);
  });
});

describe('redirect rules for /', () => {
  it('goes to the plate payments with dashes as spaces, else dashboard', () => {
    expect(loggedInRedirect('?placa=ABC-1D23')).toBe('/pagamentos/placa/ABC%201D23');
    expect(loggedInRedirect('')).toBe('/dashboard');
    expect(loggedInRedirect('?placa=')).toBe('/dashboard');
  });
  it('refuses open redirects', () => {
    expect(safeInternalPath('/pagamentos')).toBe('/pagamentos');
    expect(safeInternalPath('//evil.com')).toBeNull();
    expect(safeInternalPath('https://evil.com')).toBeNull();
  });
  it('returns to the customer route in ?voltar= after the login, and only to one of those', () => {
    const known = (p: string) => /^\/(sinistros\/consulta\/[\w-]+|mapa|pagamentos\/placa\/[^/]+)$/.test(p);
    expect(loginReturningTo('/sinistros/consulta/2026-000042')).toBe('/?voltar=%2Fsinistros%2Fconsulta%2F2026-000042');
    expect(loggedInRedirect('?voltar=%2Fsinistros%2Fconsulta%2F2026-000042', known)).toBe('/sinistros/consulta/2026-000042');
    expect(loggedInRedirect('?voltar=/mapa', known)).toBe('/mapa');
    expect(loggedInRedirect('?voltar=/mapa')).toBe('/dashboard'); // no route table, no return
    expect(loggedInRedirect('?placa=ABC-1D23&voltar=/mapa', known)).toBe('/pagamentos/placa/ABC%201D23');
    for (const bad of [
      '//evil.com/mapa',
      '/\\evil.com',
      '/%5Cevil.com',
      'https://evil.com/mapa',
      '/mapa?x=1',
      '/mapa#x',
      '/a/../mapa',
      '/./mapa',
      '/mapa\n',
      '/politica-de-privacidade',
      '/backoffice',
      '',
    ])
      expect(loggedInRedirect(`?voltar=${encodeURIComponent(bad)}`, known)).toBe('/dashboard');
    expect(loginReturningTo('//evil.com')).toBe('/');
    expect(safeInternalPath('/\\evil.com')).toBeNull();
    expect(safeInternalPath('/a/../b')).toBeNull();
  });
});

describe('bills', () => {
  it('open total sums docTotal + fine + interest of overdue bills only', () => {
    expect(
      openTotal([
        { idStatus: 'I', docTotal: 10000, valorMulta: 200, valorJuros: 33 },
        { idStatus: 'A', docTotal: 10000, valorMulta: 0, valorJuros: 0 },
        { idStatus: 'I', docTotal: 5000, valorMulta: 100, valorJuros: 10 },
        { idStatus: 'P', docTotal: 5000, valorMulta: 0, valorJuros: 0 },
      ]),
    ).toBe(15343);
  });
});

describe('isActiveContract (issue 7)', () => {
  it('neither Encerrado nor cancelled', async () => {
    const { isActiveContract } = await import('./contracts');
    expect(isActiveContract({ status: 'Ativo', cancelled: false })).toBe(true);
    expect(isActiveContract({ status: 'Encerrado', cancelled: false })).toBe(false);
    expect(isActiveContract({ status: 'Ativo', cancelled: true })).toBe(false);
  });
});
