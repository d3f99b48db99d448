import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { supportRequestSchema } from '@guarita/domain';
import type { SupportFormValues } from './request-forms';

/**
 * The support form's checks: the domain's `supportRequestSchema` (zod and every request type's schema), loaded
 * when a type is chosen, not with the page. raw: the request goes as typed (the API parses it with the same
 * schema); the schema only validates here.
 */
export const supportResolver = zodResolver(supportRequestSchema, undefined, { raw: true }) as unknown as Resolver<SupportFormValues>;

// The attachment rules live beside the schemas in the domain (their module brings zod): they come with the checks,
// which have run by the time a request is sent.
export { attachmentRule, requiredFiles } from '@guarita/domain';
