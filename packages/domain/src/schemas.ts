import { z } from 'zod';
import { documentError, normalizeDocument } from './document';
import { MSG } from './messages';

export const documentSchema = z
  .string()
  .superRefine((v, ctx) => {
    const err = documentError(v);
    if (err) ctx.addIssue({ code: 'custom', message: err });
  })
  .transform(normalizeDocument);

export const codeSchema = z
  .string()
  .trim()
  .min(1, MSG.codeRequired)
  .regex(/^\d{6}$/, MSG.codeCheckFailed);

export const channelSchema = z.enum(['sms', 'email']);
export type Channel = z.infer<typeof channelSchema>;

const requiredText = (max: number) => z.string().trim().min(1, MSG.contactIncomplete).max(max);

export const contactSchema = z.object({
  name: requiredText(120),
  email: requiredText(200).pipe(z.email(MSG.invalidEmail)),
  phone: requiredText(20).refine((v) => /^\d{10,11}$/.test(v.replace(/\D/g, '')), MSG.invalidPhone),
  message: requiredText(2000),
});
export type ContactMessage = z.infer<typeof contactSchema>;
