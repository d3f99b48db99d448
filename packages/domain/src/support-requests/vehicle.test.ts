import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkChassis,
  formatChassis,
  formatPlate,
  isValidChassis,
  isValidPlate,
  normalizeChassis,
  normalizePlate,
  plateFormat,
  vehicleYearOptions,
} from './vehicle';

describe('chassis (VIN) rules (001 §5, 002 §5.3)', () => {
  it("17 valid characters show 'Chassi válido!' — Brazilian VINs without the US check digit too", () => {
    expect(checkChassis('9BWZZZ377VT004251')).toEqual({ status: 'valid', message: 'Chassi válido!' });
    expect(checkChassis('9bwzzz377vt004251').status).toBe('valid');
    expect(checkChassis('9BW ZZZ377 VT 004251').status).toBe('valid');
    expect(isValidChassis('9BD17164G85123456')).toBe(true);
  });
  it.each(['9BWZZZ377VT00425I', '9BWZZZ377VT00425O', '9BWZZZ377VQ004251', '9BW-ZZZ377VT00425', '9BWZZZ377VT0042511', 'ÇBW'])(
    '%s is rejected as invalid characters or too long',
    (v) =>
      expect(checkChassis(v)).toEqual({
        status: 'invalid',
        message: 'Chassi inválido! Deve conter apenas caracteres alfanuméricos válidos.',
      }),
  );
  it('17 repeated characters are rejected', () => {
    expect(checkChassis('11111111111111111')).toEqual({
      status: 'repeated',
      message: 'Chassi inválido! Não pode conter 17 números repetidos.',
    });
    expect(checkChassis('AAAAAAAAAAAAAAAAA').status).toBe('repeated');
    expect(checkChassis('11111111111111112').status).toBe('valid');
  });
  it('no message while incomplete or empty', () => {
    expect(checkChassis('')).toEqual({ status: 'empty', message: null });
    expect(checkChassis('9BWZZZ377VT00425')).toEqual({ status: 'incomplete', message: null });
  });
  it('is shown upper case, spaced 3-6-2-6, progressively', () => {
    expect(formatChassis('9bwzzz377vt004251')).toBe('9BW ZZZ377 VT 004251');
    expect(formatChassis('9bwzz')).toBe('9BW ZZ');
    expect(formatChassis('9BWZZZ377V')).toBe('9BW ZZZ377 V');
    expect(formatChassis('')).toBe('');
  });
  it('property: formatting only adds spaces, and validity survives it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789IOQ'), maxLength: 20 }), (s) => {
        expect(normalizeChassis(formatChassis(s))).toBe(s);
        expect(checkChassis(formatChassis(s))).toEqual(checkChassis(s));
        const valid = s.length === 17 && !/[IOQ]/.test(s) && new Set(s).size > 1;
        expect(isValidChassis(s)).toBe(valid);
      }),
    );
  });
});

describe('plates (old and Mercosul)', () => {
  it.each([
    ['ABC1234', 'old', 'ABC-1234'],
    ['abc-1234', 'old', 'ABC-1234'],
    ['RTA1B23', 'mercosul', 'RTA1B23'],
    ['rta 1b23', 'mercosul', 'RTA1B23'],
  ])('%s is %s, shown %s', (v, f, shown) => {
    expect(plateFormat(v)).toBe(f);
    expect(isValidPlate(v)).toBe(true);
    expect(formatPlate(v)).toBe(shown);
  });
  it.each(['ABC12D3', '1234567', 'AB1234', 'ABC12345', ''])('%j is not a plate', (v) => expect(isValidPlate(v)).toBe(false));
  it('normalises to at most 7 letters and digits', () => {
    expect(normalizePlate(' abc-1d23 ')).toBe('ABC1D23');
    expect(normalizePlate('ABC1D234')).toBe('ABC1D23');
  });
});

describe('year options', () => {
  it('previous, current and next year', () => {
    expect(vehicleYearOptions('2026-11-22')).toEqual([2025, 2026, 2027]);
    expect(vehicleYearOptions('2027-01-01')).toEqual([2026, 2027, 2028]);
  });
});
