/**
 * Vehicle change fields (001 §2 'Vehicle change or plate correction', §5; 002 §5.3): chassis (VIN), plate, year.
 *
 * Chassis: @brazilian-utils' isValidVin also demands the North-American check digit in the 9th position, which
 * Brazilian VINs need not carry (its own docs say so: CONTRAN 968/2022 and NBR 6066 do not mandate it). The spec
 * asks only for 17 characters from the VIN alphabet (no I, O, Q) not all the same, so the rule is ours.
 * Plates: the library's old/Mercosul formats (isValidLicensePlate, formatLicensePlate).
 */
import { formatLicensePlate } from '@brazilian-utils/brazilian-utils/format-license-plate';
import { getFormatLicensePlate } from '@brazilian-utils/brazilian-utils/get-format-license-plate';
import { VEHICLE_MSG } from './messages';

export const CHASSIS_LENGTH = 17;
const VIN_CHARS = /^[A-HJ-NPR-Z0-9]*$/;

/** What was typed, upper-cased, without spaces (the 3-6-2-6 display spaces are not part of the value). */
export const normalizeChassis = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

export type ChassisCheck =
  | { status: 'empty' | 'incomplete'; message: null }
  | { status: 'invalid' | 'repeated'; message: string }
  | { status: 'valid'; message: string };

/**
 * The chassis field's state: 'Chassi válido!' at exactly 17 valid characters; an I, O, Q, a symbol or more than
 * 17 characters → 'Chassi inválido! Deve conter apenas caracteres alfanuméricos válidos.'; 17 times the same
 * character → 'Chassi inválido! Não pode conter 17 números repetidos.'; fewer than 17 valid ones: no message yet.
 */
export function checkChassis(input: string): ChassisCheck {
  const v = normalizeChassis(input);
  if (v === '') return { status: 'empty', message: null };
  if (!VIN_CHARS.test(v) || v.length > CHASSIS_LENGTH) return { status: 'invalid', message: VEHICLE_MSG.chassisInvalid };
  if (v.length < CHASSIS_LENGTH) return { status: 'incomplete', message: null };
  if (new Set(v).size === 1) return { status: 'repeated', message: VEHICLE_MSG.chassisRepeated };
  return { status: 'valid', message: VEHICLE_MSG.chassisValid };
}

export const isValidChassis = (input: string): boolean => checkChassis(input).status === 'valid';

/** '9BWZZZ377VT004251' → '9BW ZZZ377 VT 004251' (3-6-2-6), progressively while typing. */
export function formatChassis(input: string): string {
  const v = normalizeChassis(input);
  return [v.slice(0, 3), v.slice(3, 9), v.slice(9, 11), v.slice(11)].filter(Boolean).join(' ');
}

export type PlateFormat = 'old' | 'mercosul';

/** 'abc-1234' → 'ABC1234': letters and digits only, upper case (at most 7 kept, the field's limit). */
export const normalizePlate = (input: string): string =>
  input
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, 7);

/** The plate's format, old 'ABC-1234' or Mercosul 'ABC1D23'; null when it is neither. */
export function plateFormat(input: string): PlateFormat | null {
  const f = getFormatLicensePlate(input);
  return f === 'LLLNNNN' ? 'old' : f === 'LLLNLNN' ? 'mercosul' : null;
}

export const isValidPlate = (input: string): boolean => plateFormat(input) !== null;

/** Old plates with a hyphen ('ABC-1234'), Mercosul as one run ('ABC1D23'). */
export const formatPlate = (input: string): string => formatLicensePlate(input);

/** The year select of the unplated mode: previous, current and next year (current year in São Paulo). */
export function vehicleYearOptions(todayIso: string): number[] {
  const y = Number(todayIso.slice(0, 4));
  return [y - 1, y, y + 1];
}
