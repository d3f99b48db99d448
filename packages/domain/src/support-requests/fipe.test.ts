import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, reaisToCents } from '../money';
import { FIPE_BAND_OPTIONS, fipeBand, fipeCategoryCode, fipePriceCode, fipeVerdict, isVehicleTypeCode, VEHICLE_TYPES } from './fipe';

const r = reaisToCents;

describe('FIPE band and price code (001 §9, 002 §9)', () => {
  it.each([
    [0, 'CAT_FIPE_10K'],
    [500, 'CAT_FIPE_10K'],
    [1_000, 'CAT_FIPE_10K'],
    [10_000, 'CAT_FIPE_10K'],
    [10_000.01, 'CAT_FIPE_20K'],
    [45_000, 'CAT_FIPE_50K'],
    [149_999.99, 'CAT_FIPE_150K'],
    [150_000, 'CAT_FIPE_150K'],
    [180_000, 'CAT_FIPE_150K'],
  ])('R$ %d → %s', (reais, code) => expect(fipePriceCode(r(reais))).toBe(code));
  it('the category code of a limit is the limit ÷ 1000', () => {
    expect(fipeCategoryCode(r(70_000))).toBe('CAT_FIPE_70K');
    expect(fipeCategoryCode(r(150_000))).toBe('CAT_FIPE_150K');
  });
  it('property: the band is a multiple of 10 in 10–150 covering the clamped value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000_00 }), (v) => {
        const band = fipeBand(cents(v));
        expect(band % 10).toBe(0);
        expect(band).toBeGreaterThanOrEqual(10);
        expect(band).toBeLessThanOrEqual(150);
        const clamped = Math.min(150_000_00, Math.max(1_000_00, v));
        expect(band * 1000_00).toBeGreaterThanOrEqual(clamped);
        expect((band - 10) * 1000_00).toBeLessThan(clamped);
      }),
    );
  });
  it('the range select has 15 bands of 10,000 plus the 150–200 thousand label', () => {
    expect(FIPE_BAND_OPTIONS).toHaveLength(16);
    expect(FIPE_BAND_OPTIONS[0]).toEqual({ value: 10, code: 'CAT_FIPE_10K', label: 'R$ 0 a R$ 10.000' });
    expect(FIPE_BAND_OPTIONS[14]).toEqual({ value: 150, code: 'CAT_FIPE_150K', label: 'R$ 140.000 a R$ 150.000' });
    expect(FIPE_BAND_OPTIONS[15]!.label).toBe('R$ 150.000 a R$ 200.000');
  });
});

describe('vehicle types (CAT_AGRAVO_*)', () => {
  it('the three types with their labels', () => {
    expect(VEHICLE_TYPES.map((t) => [t.code, t.label])).toEqual([
      ['CAT_AGRAVO_VEICULO_LEVE', 'Veículo leve'],
      ['CAT_AGRAVO_PICKUP_CAM', 'Pick-up / SUV / Caminhonete'],
      ['CAT_AGRAVO_OUTROS', 'Utilitário leve'],
    ]);
    expect(isVehicleTypeCode('CAT_AGRAVO_OUTROS')).toBe(true);
    expect(isVehicleTypeCode('CAT_AGRAVO_MOTO')).toBe(false);
  });
});

describe('FIPE verdict of a vehicle lookup', () => {
  it.each([
    [null, 'not-found'],
    [{ valor: null, permitido: true }, 'not-found'],
    [{ valor: r(0), permitido: true }, 'not-found'],
    [{ valor: r(60_000), permitido: false }, 'not-permitted'],
    [{ valor: r(60_000), permitido: true }, 'ok'],
    [{ valor: r(150_000), permitido: true }, 'ok'],
    [{ valor: r(150_000.01), permitido: true }, 'limited'],
    [{ valor: r(200_000), permitido: true }, 'limited'],
    [{ valor: r(200_000.01), permitido: true }, 'above-max'],
  ])('%j → %s', (lookup, kind) => expect(fipeVerdict(lookup).kind).toBe(kind));
  it('a limited vehicle is priced in the 150K band', () => {
    expect(fipeVerdict({ valor: r(180_000), permitido: true })).toEqual({ kind: 'limited', band: 150, code: 'CAT_FIPE_150K' });
  });
});
