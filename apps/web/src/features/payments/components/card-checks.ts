import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { cardFormSchema, type CardFormFields } from '@guarita/domain';

/**
 * The card form's checks: the domain's `cardFormSchema` (zod). A module of its own, loaded when the customer
 * first touches the form, not with the page (ADR 025).
 */
export const cardResolver = zodResolver(cardFormSchema) as unknown as Resolver<CardFormFields & { terms: boolean }>;

/** Number, expiry, CVV and name all pass the schema (what enables the confirm button). */
export const cardComplete = (values: Partial<CardFormFields>): boolean =>
  cardFormSchema.safeParse({ numero: '', validade: '', cvv: '', nomeTitular: '', ...values }).success;
