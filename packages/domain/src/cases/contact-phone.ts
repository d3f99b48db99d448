import { z } from 'zod';
import { hasControlChars } from '../bounds';
import { isMobilePhone, onlyDigits } from './inputs';
import { SUPPORT_MSG } from './messages';

/**
 * The contact phone of every request: masked, mobile only. Stored as digits. Its own file so that request schemas
 * outside this folder (support-requests) can use it without an import cycle with schemas.ts.
 */
export const contactPhoneSchema = z
  .string({ error: SUPPORT_MSG.phoneRequired })
  .max(20, SUPPORT_MSG.invalidMobile)
  .refine((v) => !hasControlChars(v), SUPPORT_MSG.invalidMobile)
  .refine((v) => onlyDigits(v).length > 0, SUPPORT_MSG.phoneRequired)
  .refine(isMobilePhone, SUPPORT_MSG.invalidMobile)
  .transform(onlyDigits);
