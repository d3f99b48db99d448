import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { MSG, contactFormError, contactSchema, missingContactFields, type ContactField } from '@guarita/domain';

/**
 * The contact form's checks: the domain's `contactSchema` (zod) through react-hook-form's resolver. A module of
 * its own, loaded when the visitor first touches the form, not with the prerendered page (ADR 025).
 */
export const contactResolver = zodResolver(contactSchema) as unknown as Resolver<Record<ContactField, string>>;

/** Why the form is not sent: the fields to mark and the one message (the spec's 'Preencha todos os campos!' first). */
export function contactRefusal(values: Record<ContactField, string>): { invalid: ContactField[]; text: string } {
  const problem = contactFormError(values);
  return {
    invalid: problem?.field ? [problem.field] : missingContactFields(values),
    text: problem?.message ?? MSG.contactIncomplete,
  };
}
