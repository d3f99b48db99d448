import { z } from 'zod';
import { safeText } from '../bounds';
import { PASSKEY_NAME_MAX } from './rules';
import { STAFF_MSG, staffEmailSchema } from '../backoffice/staff';

/**
 * A WebAuthn response as @simplewebauthn/browser hands it (RegistrationResponseJSON / AuthenticationResponseJSON):
 * checked for shape and size here, for meaning by @simplewebauthn/server.
 */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Resposta da biometria inválida.');
const base = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const PasskeyRegistrationResponse = z.object({
  ...base,
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(20_000),
    authenticatorData: b64url(4000).optional(),
    transports: z.array(z.string().max(20)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
});

export const PasskeyAuthenticationResponse = z.object({
  ...base,
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
});

export const PasskeyRegisterBody = z.object({
  resposta: PasskeyRegistrationResponse,
  nome: safeText(PASSKEY_NAME_MAX).optional(),
});

export const PasskeyLoginBody = z.object({ resposta: PasskeyAuthenticationResponse });

export const PasskeyDto = z
  .object({
    id: z.number().int(),
    nome: z.string(),
    criadaEm: z.string(),
    usadaEm: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type PasskeyDto = z.infer<typeof PasskeyDto>;

/** The options of a ceremony, as @simplewebauthn/server makes them (passed to the browser untouched). */
export const PasskeyOptionsDto = z.record(z.string(), z.unknown()).describe('PublicKeyCredential{Creation,Request}OptionsJSON');

/** Staff login with a passkey in place of the authenticator code: e-mail, password and the assertion. */
export const StaffPasskeyLoginBody = z.object({
  email: staffEmailSchema,
  senha: z.string({ error: STAFF_MSG.password }).min(1, STAFF_MSG.password).max(200, STAFF_MSG.password),
  resposta: PasskeyAuthenticationResponse,
});
