import { z } from 'zod';
import { isCompleteCep, maskCep, onlyDigits } from '../cases/inputs';
import { SUPPORT_MSG } from '../cases/messages';

/**
 * CEP (postal code) lookup (spec 001 §3 'Address lookup response', §7 call 11). The BFF answers the spec's
 * field names; the registration-change form fills street, district, city and state from them.
 */
export const AddressLookupDto = z.object({
  Cep: z.string().describe("Masked, '00000-000'"),
  Logradouro: z.string(),
  Bairro: z.string(),
  Municipio: z.string(),
  UF: z.string().length(2),
  CodigoIbge: z.string().describe('7-digit IBGE municipality code, or empty'),
});
export type AddressLookupDto = z.infer<typeof AddressLookupDto>;

/** The CEP in a lookup path: masked or digits; 'CEP inválido' otherwise. Yields the 8 digits. */
export const cepParamSchema = z
  .string({ error: SUPPORT_MSG.invalidCep })
  .max(9, SUPPORT_MSG.invalidCep)
  .refine((v) => /^\d{5}-?\d{3}$/.test(v) && isCompleteCep(v), SUPPORT_MSG.invalidCep)
  .transform((v) => onlyDigits(maskCep(v)));

/** The error code the spec's postal service answers for an unknown CEP (001 §7 call 11). */
export const CEP_NOT_FOUND_CODE = 'correios-cep-nao-encontrado';
