import { z } from 'zod';
import { MSG } from './messages';
import { BOUNDS_MSG, hasControlChars, safeText } from './bounds';
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField } from './contact-fields';

export { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField };

/** Size of the ALTCHA payload (base64 of the signed challenge + solution, well under 2 KB in practice). */
export const ALTCHA_PAYLOAD_MAX = 4000;

/** Messages of the contact flow that the spec leaves to us (pt-BR). The spec's own three live in MSG. */
export const CONTACT_MSG = {
  tooLong: (label: string, max: number) => `${label} pode ter no máximo ${max} caracteres.`,
  captchaMissing: MSG.captchaFailed,
  captchaInvalid: 'Não foi possível confirmar que você não é um robô. Tente novamente.',
  captchaExpired: 'A verificação expirou. Confirme novamente que você não é um robô.',
  captchaReused: 'Esta verificação já foi usada. Confirme novamente que você não é um robô.',
} as const;

const LABELS: Record<ContactField, string> = { name: 'O nome', email: 'O e-mail', phone: 'O telefone', message: 'A mensagem' };

const text = (field: ContactField) =>
  z
    .string({ error: MSG.contactIncomplete })
    .trim()
    .max(CONTACT_LIMITS[field], CONTACT_MSG.tooLong(LABELS[field], CONTACT_LIMITS[field]))
    // Only the message may span lines; NUL and other control characters never reach the mail (issue 7).
    .refine((v) => !hasControlChars(v, { multiline: field === 'message' }), BOUNDS_MSG.controlChars)
    // A field left out is an empty field: the spec's 'Preencha todos os campos!', not a schema error.
    .default('');

const digits = (v: string) => v.replace(/\D/g, '');

/** Fields whose trimmed value is empty. */
export function missingContactFields(v: Partial<Record<ContactField, string | undefined>>): ContactField[] {
  return CONTACT_FIELDS.filter((k) => !(v[k] ?? '').trim());
}

/** A Brazilian phone with area code: 10 (landline) or 11 (mobile) digits, area code not starting with 0. */
export const isPhoneWithAreaCode = (v: string) => /^[1-9]\d{9,10}$/.test(digits(v));

type Checked = Record<ContactField, string> & { altcha?: string };

/** Order matters: an empty field wins over every other message, as the spec asks. */
function checkContact(v: Checked, ctx: z.RefinementCtx, withCaptcha: boolean) {
  if (missingContactFields(v).length > 0) {
    ctx.addIssue({ code: 'custom', message: MSG.contactIncomplete, path: [] });
    return;
  }
  if (!z.email().safeParse(v.email).success) ctx.addIssue({ code: 'custom', message: MSG.invalidEmail, path: ['email'] });
  if (!isPhoneWithAreaCode(v.phone)) ctx.addIssue({ code: 'custom', message: MSG.invalidPhone, path: ['phone'] });
  if (withCaptcha && !v.altcha) ctx.addIssue({ code: 'custom', message: CONTACT_MSG.captchaMissing, path: ['altcha'] });
}

// Marked pure (as contracts.ts's): a page that imports only CONTACT_LIMITS does not bring zod (ADR 025).
const fields = {
  name: /* @__PURE__ */ text('name'),
  email: /* @__PURE__ */ text('email'),
  phone: /* @__PURE__ */ text('phone'),
  message: /* @__PURE__ */ text('message'),
};

/** The contact message itself (000 §3 "Contact message: name, email, phone, message"). */
export const contactSchema = /* @__PURE__ */ z.object(fields).superRefine((v, ctx) => checkContact(v, ctx, false));
export type ContactMessage = z.infer<typeof contactSchema>;

/** POST /api/contact: the message plus the solved ALTCHA payload (the widget's base64 string). */
export const contactRequestSchema = /* @__PURE__ */ z
  .object({
    ...fields,
    altcha: safeText(ALTCHA_PAYLOAD_MAX, { message: CONTACT_MSG.captchaInvalid }).default(''),
  })
  .superRefine((v, ctx) => checkContact(v, ctx, true));
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const ContactSentDto = /* @__PURE__ */ z.object({ sucesso: z.literal(true), mensagem: z.string() });
export type ContactSentDto = z.infer<typeof ContactSentDto>;

/** First message to show for a contact form, or null when it can be sent. */
export function contactFormError(v: Partial<Record<ContactField, string>>): { message: string; field?: ContactField } | null {
  const res = contactSchema.safeParse(v);
  if (res.success) return null;
  const issue = res.error.issues[0];
  const field = issue?.path[0];
  return {
    message: issue?.message ?? MSG.contactIncomplete,
    ...(typeof field === 'string' && (CONTACT_FIELDS as readonly string[]).includes(field) ? { field: field as ContactField } : {}),
  };
}
