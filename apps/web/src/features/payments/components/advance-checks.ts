import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { advanceRequestSchema, type AdvanceMethod } from '@guarita/domain';

/**
 * The advance form's check: the domain's `advanceRequestSchema` (a method is required, with the spec's message).
 * A module of its own, loaded on the first touch of the form or its first submit, not with the page (ADR 025).
 */
export const advanceResolver = zodResolver(advanceRequestSchema) as unknown as Resolver<
  { metodoPagamento: string },
  unknown,
  { metodoPagamento: AdvanceMethod }
>;
