import { z } from 'zod';
import { hasControlChars } from '../bounds';
import { formatInstantWithTime, saoPauloIsoDate } from '../dates';
import { CLAIM_LIMITS as L, CLAIM_MSG as M } from './messages';

/**
 * The claim form of 002 §2.2/§5.1 (step 0): one zod schema for the web form (react-hook-form) and the API.
 * Every field is a string as typed (masked CPF and phones, 'Sim'/'Não'/'' selects, 'YYYY-MM-DD', 'HH:mm'),
 * so a half-filled form parses field by field and every rule reports its own message on its own field.
 */

/** Claim reasons of 002 §9, in the select's order. */
export const CLAIM_REASONS = ['Colisão', 'Vidros', 'Danos da natureza', 'Incêndio'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** Select options are Sim / Não / none (''). */
export const YES_NO = ['Sim', 'Não'] as const;
export type YesNo = (typeof YES_NO)[number];

const str = (max: number) => z.string().max(max, `O texto pode ter no máximo ${max} caracteres.`);

const shape = {
  reason: z.string().max(40),
  description: str(L.description),
  location: str(L.location),
  referencePoint: str(L.referencePoint),
  date: z.string().max(10),
  time: z.string().max(5),
  driver: str(L.driver),
  driverCPF: z.string().max(14),
  driverContact: z.string().max(15),
  isVehicleMoving: z.string().max(3),
  currentVehicleLocation: str(L.vehicleLocation),
  incidentReportCarriedOut: z.string().max(3),
  involvementWithThirdParties: z.string().max(3),
  isOpenProtocolToThirdParties: z.string().max(3),
  thirdPartyContact: z.string().max(15),
};

export type ClaimFormValues = { [K in keyof typeof shape]: string };

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

const digits = (v: string) => v.replace(/\D/g, '');
/** Whitespace collapsed and trimmed (002 §3: text values in the payload). */
export const collapseSpaces = (v: string) => v.replace(/\s+/g, ' ').trim();
const isYesNo = (v: string): v is YesNo => v === 'Sim' || v === 'Não';
/** Letters (accented too) and spaces only. */
const DRIVER_NAME = /^[\p{L} ]+$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The third-party phone: 11 digits with a 9 as the third (mobile with area code). */
export const isClaimMobile = (v: string) => /^\d{2}9\d{8}$/.test(digits(v));

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
  if (DATE.test(d) && d > today.date) d = today.date;
  if (d === today.date && TIME.test(t) && t > today.time) t = today.time;
  return { date: d, time: t };
}

/** The schema, with the clock that decides what "the future" is (the API passes its own clock). */
export function makeClaimFormSchema(now: () => Date = () => new Date()) {
  return z.object(shape).superRefine((v, ctx) => {
    const fail = (path: keyof ClaimFormValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const [k, value] of Object.entries(v)) {
      if (hasControlChars(value, { multiline: k === 'description' }))
        fail(k as keyof ClaimFormValues, 'O texto contém caracteres inválidos.');
    }
    if (!(CLAIM_REASONS as readonly string[]).includes(v.reason)) fail('reason', M.reason);
    if (!v.description.trim()) fail('description', M.description);
    if (!v.location.trim()) fail('location', M.location);
    if (v.referencePoint.length > 0 && !v.referencePoint.trim()) fail('referencePoint', M.referencePoint);
    const nowDt = clampClaimDateTime(v.date, v.time, now());
    if (!DATE.test(v.date) || Number.isNaN(Date.parse(v.date)) || nowDt.date !== v.date) fail('date', M.date);
    if (!TIME.test(v.time) || nowDt.time !== v.time) fail('time', M.time);
    const driver = v.driver.trim();
    if (!driver) fail('driver', M.driverRequired);
    else if (!DRIVER_NAME.test(driver) || driver.length < L.driverMin) fail('driver', M.driverInvalid);
    if (digits(v.driverCPF).length !== 11) fail('driverCPF', M.driverCpf);
    const contact = digits(v.driverContact).length;
    if (contact < 10 || contact > 11) fail('driverContact', M.driverContact);
    if (!isYesNo(v.isVehicleMoving)) fail('isVehicleMoving', M.vehicleMoving);
    if (needsVehicleLocation(v) && !v.currentVehicleLocation.trim()) fail('currentVehicleLocation', M.vehicleLocation);
    if (!isYesNo(v.incidentReportCarriedOut)) fail('incidentReportCarriedOut', M.incidentReport);
    if (!isYesNo(v.involvementWithThirdParties)) fail('involvementWithThirdParties', M.thirdParties);
    if (needsOpenProtocol(v) && !isYesNo(v.isOpenProtocolToThirdParties)) fail('isOpenProtocolToThirdParties', M.openProtocol);
    if (needsThirdPartyContact(v)) {
      if (!digits(v.thirdPartyContact)) fail('thirdPartyContact', M.required);
      else if (!isClaimMobile(v.thirdPartyContact)) fail('thirdPartyContact', M.thirdPartyPhone);
    }
  });
}

/** The schema on the real clock (the web form). */
export const claimFormSchema = makeClaimFormSchema();

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
