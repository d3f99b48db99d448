import { formatInstantWithTime, saoPauloIsoDate } from '../dates';
import { CLAIM_LIMITS as L, CLAIM_MSG as M } from './messages';

/**
 * The claim form's fields and rules that need no schema (002 §2.2/§5.1): which fields apply, when 'Enviar' is
 * enabled, the São Paulo clock. Without zod: the claim page's first screen uses them, and the schema (`form.ts`)
 * comes with the form's checks on its first touch (ADR 025).
 */

/** Claim reasons of 002 §9, in the select's order. */
export const CLAIM_REASONS = ['Colisão', 'Vidros', 'Danos da natureza', 'Incêndio'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** Select options are Sim / Não / none (''). */
export const YES_NO = ['Sim', 'Não'] as const;
export type YesNo = (typeof YES_NO)[number];

/** The claim form's fields, each a string as typed. */
export const CLAIM_FORM_FIELDS = [
  'reason',
  'description',
  'location',
  'referencePoint',
  'date',
  'time',
  'driver',
  'driverCPF',
  'driverContact',
  'isVehicleMoving',
  'currentVehicleLocation',
  'incidentReportCarriedOut',
  'involvementWithThirdParties',
  'isOpenProtocolToThirdParties',
  'thirdPartyContact',
] as const;
export type ClaimFormValues = { [K in (typeof CLAIM_FORM_FIELDS)[number]]: string };

export const EMPTY_CLAIM_FORM: ClaimFormValues = {
  reason: '',
  description: '',
  location: '',
  referencePoint: '',
  date: '',
  time: '',
  driver: '',
  driverCPF: '',
  driverContact: '',
  isVehicleMoving: '',
  currentVehicleLocation: '',
  incidentReportCarriedOut: '',
  involvementWithThirdParties: '',
  isOpenProtocolToThirdParties: '',
  thirdPartyContact: '',
};

export const claimDigits = (v: string) => v.replace(/\D/g, '');
/** Whitespace collapsed and trimmed (002 §3: text values in the payload). */
export const collapseSpaces = (v: string) => v.replace(/\s+/g, ' ').trim();
export const isYesNo = (v: string): v is YesNo => v === 'Sim' || v === 'Não';
/** Letters (accented too) and spaces only. */
export const DRIVER_NAME_PATTERN = /^[\p{L} ]+$/u;
export const CLAIM_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const CLAIM_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The third-party phone: 11 digits with a 9 as the third (mobile with area code). */
export const isClaimMobile = (v: string) => /^\d{2}9\d{8}$/.test(claimDigits(v));

/** Whether the vehicle-location field applies (only when the vehicle is not moving). */
export const needsVehicleLocation = (v: Pick<ClaimFormValues, 'isVehicleMoving'>) => v.isVehicleMoving === 'Não';
/** Whether the open-protocol field applies (only with third-party involvement). */
export const needsOpenProtocol = (v: Pick<ClaimFormValues, 'involvementWithThirdParties'>) => v.involvementWithThirdParties === 'Sim';
/** Whether the third-party contact applies (involvement and protocol both Sim). */
export const needsThirdPartyContact = (v: Pick<ClaimFormValues, 'involvementWithThirdParties' | 'isOpenProtocolToThirdParties'>) =>
  v.involvementWithThirdParties === 'Sim' && v.isOpenProtocolToThirdParties === 'Sim';

/** 'YYYY-MM-DD' and 'HH:mm' of an instant in São Paulo. */
export function saoPauloDateTime(now: Date): { date: string; time: string } {
  // Plain arithmetic, no Intl formatter on the claim form's first render (dates.ts).
  return { date: saoPauloIsoDate(now), time: formatInstantWithTime(now).slice(-5) };
}

/**
 * 002 §5.1: a future date is reset to today; when the date is today, a time later than now is reset to now.
 * Returns the values to show (the same ones when nothing is in the future). Dates and times are São Paulo's.
 */
export function clampClaimDateTime(date: string, time: string, now: Date): { date: string; time: string } {
  const today = saoPauloDateTime(now);
  let d = date;
  let t = time;
  if (CLAIM_DATE_PATTERN.test(d) && d > today.date) d = today.date;
  if (d === today.date && CLAIM_TIME_PATTERN.test(t) && t > today.time) t = today.time;
  return { date: d, time: t };
}

/** 'Enviar' is enabled only when every relevant required field is non-empty (002 §5.1). */
export function claimFormComplete(v: ClaimFormValues): boolean {
  const filled = (s: string) => s.trim().length > 0;
  const required: string[] = [
    v.reason,
    v.description,
    v.location,
    v.date,
    v.time,
    v.driver,
    v.driverCPF,
    v.driverContact,
    v.isVehicleMoving,
    v.incidentReportCarriedOut,
    v.involvementWithThirdParties,
  ];
  if (needsVehicleLocation(v)) required.push(v.currentVehicleLocation);
  if (needsOpenProtocol(v)) required.push(v.isOpenProtocolToThirdParties);
  if (needsThirdPartyContact(v)) required.push(v.thirdPartyContact);
  return required.every(filled);
}

/** A form value with the fields that do not apply emptied (hidden conditional fields are not sent). */
export function relevantClaimValues(v: ClaimFormValues): ClaimFormValues {
  return {
    ...v,
    currentVehicleLocation: needsVehicleLocation(v) ? v.currentVehicleLocation : '',
    isOpenProtocolToThirdParties: needsOpenProtocol(v) ? v.isOpenProtocolToThirdParties : '',
    thirdPartyContact: needsThirdPartyContact(v) ? v.thirdPartyContact : '',
  };
}

/** The description counter 'n/255 caracteres'. */
export const descriptionCounter = (text: string) => M.counter(text.length, L.description);
