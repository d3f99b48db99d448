import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import {
  annualCharge,
  annualInstallments,
  canConfirmPlanChange,
  defaultTowingOption,
  itemChanges,
  offeredItems,
  towingKm,
  towingOptions,
  type TowingSubItem,
} from './items';

describe('item filtering (001 §5)', () => {
  const i = (codigoItem: string, preco: number) => ({ codigoItem, descricao: codigoItem, preco: cents(preco), obrigatorio: false });
  it('excludes SRV_ADESAO and prices of 0 or less, keeps the rest in order', () => {
    const items = [i('SRV_ADESAO', 9900), i('SRV_REBOQ', 1990), i('SRV_FREE', 0), i('SRV_NEG', -100), i('SRV_VIDROS', 1490)];
    expect(offeredItems(items).map((x) => x.codigoItem)).toEqual(['SRV_REBOQ', 'SRV_VIDROS']);
  });
  it('property: nothing offered is the adhesion item or free', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ codigoItem: fc.constantFrom('SRV_ADESAO', 'SRV_ASS24', 'SRV_VIDROS'), preco: fc.integer({ min: -500, max: 500 }) }),
        ),
        (items) => {
          const out = offeredItems(items);
          expect(out.every((x) => x.codigoItem !== 'SRV_ADESAO' && x.preco > 0)).toBe(true);
          expect(out.length).toBe(items.filter((x) => x.codigoItem !== 'SRV_ADESAO' && x.preco > 0).length);
        },
      ),
    );
  });
});

describe('towing sub-items and km options', () => {
  const sub = (codigoItem: string, descricao: string, preco: number, itemPadrao = false): TowingSubItem => ({
    codigoItem,
    descricao,
    preco,
    idLinha: 1,
    dataVinculo: '2026-01-01',
    itemPadrao,
  });
  it('reads the km from the description or the code', () => {
    expect(towingKm(sub('X', 'Reboque até 400 km', 0))).toBe(400);
    expect(towingKm(sub('X', 'Reboque até 1.000 km', 0))).toBe(1000);
    expect(towingKm(sub('SRV_REBOQ_200KM', 'Reboque', 0))).toBe(200);
    expect(towingKm(sub('SRV_REBOQ', 'Reboque', 0))).toBeNull();
  });
  it('lists options shortest first and preselects the catalogue default', () => {
    const opts = towingOptions([
      sub('R400', 'Reboque 400 km', 2990),
      sub('R100', 'Reboque 100 km', 990),
      sub('R200', 'Reboque 200 km', 1490, true),
      sub('R', 'sem km', 1),
    ]);
    expect(opts.map((o) => o.km)).toEqual([100, 200, 400]);
    expect(defaultTowingOption(opts)?.km).toBe(200);
    expect(defaultTowingOption(opts.filter((o) => !o.itemPadrao))?.km).toBe(100);
    expect(defaultTowingOption([])).toBeUndefined();
  });
});

describe('adding and removing items', () => {
  const set = (...c: string[]) => new Set(c);
  it('lists added and removed codes', () => {
    expect(itemChanges({ acquired: set('SRV_ASS24', 'SRV_VIDROS'), chosen: set('SRV_ASS24', 'SRV_REBOQ') })).toEqual({
      added: ['SRV_REBOQ'],
      removed: ['SRV_VIDROS'],
    });
  });
  it('monthly: confirm needs the agreement and a change; annual: the agreement only', () => {
    const same = { acquired: set('SRV_ASS24'), chosen: set('SRV_ASS24') };
    expect(canConfirmPlanChange({ ...same, agreed: true, paymentType: 'M' })).toBe(false);
    expect(canConfirmPlanChange({ ...same, agreed: true, paymentType: 'A' })).toBe(true);
    expect(canConfirmPlanChange({ ...same, agreed: false, paymentType: 'A' })).toBe(false);
    expect(canConfirmPlanChange({ acquired: set(), chosen: set('SRV_VIDROS'), agreed: true, paymentType: 'M' })).toBe(true);
  });
});

describe('annual installments (001 §4)', () => {
  it.each([
    ['2026-11-22', '2027-11-22', 12],
    ['2026-11-22', '2027-11-21', 11],
    ['2026-11-22', '2027-03-22', 4],
    ['2026-11-22', '2026-12-10', 1],
    ['2026-11-22', '2026-11-22', 1],
    ['2026-11-22', '2025-01-01', 1],
    ['2026-01-31', '2026-02-28', 1],
  ])('%s → %s: %i', (today, end, n) => expect(annualInstallments(today, end)).toBe(n));
  it('yearly ÷ 12 × months, in that many installments', () => {
    expect(annualCharge(cents(240000), '2026-11-22', '2027-05-22')).toEqual({ installments: 6, total: 120000, installment: 20000 });
    expect(annualCharge(cents(239990), '2026-11-22', '2027-11-22')).toEqual({ installments: 12, total: 239990, installment: 19999 });
  });
  it('property: at least 1 installment; the total is yearly ÷ 12 × installments; installments × installment ≈ total', () => {
    const day = fc
      .date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, fc.integer({ min: 0, max: 10_000_00 }), (today, end, yearly) => {
        const c = annualCharge(cents(yearly), today, end);
        expect(c.installments).toBeGreaterThanOrEqual(1);
        expect(c.total).toBe(Math.round((yearly * c.installments) / 12));
        expect(Math.abs(c.installment * c.installments - c.total)).toBeLessThanOrEqual(c.installments);
        if (end <= today) expect(c.installments).toBe(1);
      }),
    );
  });
});
