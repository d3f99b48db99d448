import { z } from 'zod';
import { documentError, normalizeDocument } from './document';
import { MSG } from './messages';
import { safeText } from './bounds';

export const documentSchema = safeText(40, { multiline: true, message: MSG.invalidDocument })
  .superRefine((v, ctx) => {
    const err = documentError(v);
    if (err) ctx.addIssue({ code: 'custom', message: err });
  })
  .transform(normalizeDocument);

export const codeSchema = safeText(40, { multiline: true, message: MSG.codeCheckFailed })
  .trim()
  .min(1, MSG.codeRequired)
  .regex(/^\d{6}$/, MSG.codeCheckFailed);

export const channelSchema = z.enum(['sms', 'email']);
export type Channel = z.infer<typeof channelSchema>;

/** The login's three forms (000 §1), field names as the API takes them. */
export const loginDocumentFormSchema = z.object({ documento: documentSchema });
export const loginChannelFormSchema = z.object({ canal: channelSchema });
export const loginCodeFormSchema = z.object({ codigo: codeSchema });

// The contact form's schemas live in ./contact (empty-field precedence, ALTCHA payload).
export * from './contact';
