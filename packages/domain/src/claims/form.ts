import { z } from 'zod';
import { hasControlChars } from '../bounds';
import { CLAIM_LIMITS as L, CLAIM_MSG as M } from './messages';
import {
  CLAIM_DATE_PATTERN,
  CLAIM_REASONS,
  CLAIM_TIME_PATTERN,
  claimDigits,
  clampClaimDateTime,
  DRIVER_NAME_PATTERN,
  isClaimMobile,
  isYesNo,
  needsOpenProtocol,
  needsThirdPartyContact,
  needsVehicleLocation,
  type ClaimFormValues,
} from './form-fields';

/**
 * The claim form of 002 §2.2/§5.1 (step 0): one zod schema for the web form (react-hook-form) and the API.
 * Every field is a string as typed (masked CPF and phones, 'Sim'/'Não'/'' selects, 'YYYY-MM-DD', 'HH:mm'),
 * so a half-filled form parses field by field and every rule reports its own message on its own field. The
 * fields and the rules without a schema are in `form-fields.ts`.
 */

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
} satisfies Record<keyof ClaimFormValues, z.ZodString>;

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
    if (!CLAIM_DATE_PATTERN.test(v.date) || Number.isNaN(Date.parse(v.date)) || nowDt.date !== v.date) fail('date', M.date);
    if (!CLAIM_TIME_PATTERN.test(v.time) || nowDt.time !== v.time) fail('time', M.time);
    const driver = v.driver.trim();
    if (!driver) fail('driver', M.driverRequired);
    else if (!DRIVER_NAME_PATTERN.test(driver) || driver.length < L.driverMin) fail('driver', M.driverInvalid);
    if (claimDigits(v.driverCPF).length !== 11) fail('driverCPF', M.driverCpf);
    const contact = claimDigits(v.driverContact).length;
    if (contact < 10 || contact > 11) fail('driverContact', M.driverContact);
    if (!isYesNo(v.isVehicleMoving)) fail('isVehicleMoving', M.vehicleMoving);
    if (needsVehicleLocation(v) && !v.currentVehicleLocation.trim()) fail('currentVehicleLocation', M.vehicleLocation);
    if (!isYesNo(v.incidentReportCarriedOut)) fail('incidentReportCarriedOut', M.incidentReport);
    if (!isYesNo(v.involvementWithThirdParties)) fail('involvementWithThirdParties', M.thirdParties);
    if (needsOpenProtocol(v) && !isYesNo(v.isOpenProtocolToThirdParties)) fail('isOpenProtocolToThirdParties', M.openProtocol);
    if (needsThirdPartyContact(v)) {
      if (!claimDigits(v.thirdPartyContact)) fail('thirdPartyContact', M.required);
      else if (!isClaimMobile(v.thirdPartyContact)) fail('thirdPartyContact', M.thirdPartyPhone);
    }
  });
}

/** The schema on the real clock (the web form). */
export const claimFormSchema = makeClaimFormSchema();
