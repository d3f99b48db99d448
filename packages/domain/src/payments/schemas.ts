import { z } from 'zod';
import { ADVANCE_METHODS } from './advance';
import { cardFormErrors, normalizeHolderName, splitExpiry, type CardFormField } from './card';
import { PAYMENT_MSG } from './messages';
import { INT4_MAX, safeText } from '../bounds';

/** One field of the provider's client-side encryption (a compact JWE of the sandbox, an Adyen CSE blob). */
const encryptedField = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .max(8192, missing)
    // Never a card number or CVV in clear: an all-digits "encrypted" field is refused (and not echoed back).
    .refine((v) => !/^[\d\s./-]+$/.test(v), PAYMENT_MSG.cardNotEncrypted);

/**
 * The card as the API takes it (spec 000 §3, issue 27): the number, expiry and CVV encrypted in the browser by the
 * provider's client-side encryption, with the field names of Adyen's CSE `paymentMethod`, and the holder name.
 * The card form's own checks (Luhn, expiry, CVV length: `cardFormErrors`) run in the browser before encrypting.
 */
export const encryptedCardSchema = z.object(
  {
    encryptedCardNumber: encryptedField(PAYMENT_MSG.cardNumberMissing),
    encryptedExpiryMonth: encryptedField(PAYMENT_MSG.cardExpiryMissing),
    encryptedExpiryYear: encryptedField(PAYMENT_MSG.cardExpiryMissing),
    encryptedSecurityCode: encryptedField(PAYMENT_MSG.cardCvvMissing),
    holderName: safeText(100, { required: PAYMENT_MSG.cardHolderMissing })
      .transform((v) => normalizeHolderName(v))
      .refine((v) => v.length > 0, PAYMENT_MSG.cardHolderMissing),
  },
  { error: PAYMENT_MSG.cardNumberMissing },
);
export type EncryptedCardDto = z.output<typeof encryptedCardSchema>;

/** Where each card error shows in the card form: month and year share the one 'MM/AA' field. */
const CARD_FORM_FIELD: Record<CardFormField, 'numero' | 'validade' | 'cvv' | 'nomeTitular'> = {
  numeroCartao: 'numero',
  mesExpiracao: 'validade',
  anoExpiracao: 'validade',
  cvv: 'cvv',
  nomeTitular: 'nomeTitular',
};

/**
 * The card form as typed (number and expiry masked, 'MM/AA' in one field), with the same rules and messages as
 * the card checks, each on the field it is about.
 */
export const cardFormSchema = z
  .object({ numero: z.string(), validade: z.string(), cvv: z.string(), nomeTitular: z.string() })
  .superRefine((v, ctx) => {
    const { month, year } = splitExpiry(v.validade);
    const input = { numeroCartao: v.numero, mesExpiracao: month, anoExpiracao: year, cvv: v.cvv, nomeTitular: v.nomeTitular };
    const seen = new Set<string>();
    for (const e of cardFormErrors(input)) {
      const field = CARD_FORM_FIELD[e.field];
      if (seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: e.message });
    }
  });
export type CardFormFields = z.input<typeof cardFormSchema>;

const docEntries = z
  // Bounded to the column (PostgreSQL integer): a larger id is not a bill, never a database error (issue 7).
  .array(z.number().int().positive().max(INT4_MAX, PAYMENT_MSG.invalidBillList), { error: PAYMENT_MSG.invalidBillList })
  .min(1, PAYMENT_MSG.invalidBillList)
  .max(36, PAYMENT_MSG.invalidBillList);
const cents = z
  .number({ error: PAYMENT_MSG.invalidAmount })
  .int(PAYMENT_MSG.invalidAmount)
  .positive(PAYMENT_MSG.invalidAmount)
  .max(100_000_000, PAYMENT_MSG.invalidAmount);

/** Pay open ('I') bills with the card on file, or with a new card (`dadosDoCartao`, which then becomes the card on file). */
export const cardPaymentRequestSchema = z.object({
  /** docEntry of the bills to pay; omitted = every open ('I') bill of the contract. */
  faturas: docEntries.optional(),
  /** The total the customer saw, in cents; must match Σ (docTotal + valorMulta + valorJuros). */
  valorTotal: cents,
  dadosDoCartao: encryptedCardSchema.optional(),
});
export type CardPaymentRequest = z.input<typeof cardPaymentRequestSchema>;

/** Create a Pix negotiation for open ('I') bills. */
export const pixRequestSchema = z.object({
  faturas: docEntries.optional(),
  valorTotal: cents,
});
export type PixRequest = z.input<typeof pixRequestSchema>;

export const changeCardRequestSchema = z.object({ dadosDoCartao: encryptedCardSchema });

/** The details the provider's browser code yielded for a 3-D Secure action (sandbox: threeDSResult; Adyen: its details). */
export const cardActionRequestSchema = z.object({
  gatewayId: z.string().min(1).max(200),
  detalhes: z.record(z.string().max(100), z.unknown()).refine((d) => JSON.stringify(d).length <= 16_384, 'detalhes grande demais'),
});
export type CardActionRequest = z.input<typeof cardActionRequestSchema>;
export type ChangeCardRequest = z.input<typeof changeCardRequestSchema>;

export const advanceMethodSchema = z.enum(ADVANCE_METHODS, { error: PAYMENT_MSG.advanceSelectMethod });
export const advanceRequestSchema = z.object({ metodoPagamento: advanceMethodSchema });
export type AdvanceRequest = z.input<typeof advanceRequestSchema>;

/** Idempotency-Key: 8–128 characters of [A-Za-z0-9_.:-] (a UUID v4 per payment attempt is ideal). */
export const idempotencyKeySchema = z
  .string({ error: PAYMENT_MSG.idempotencyKeyRequired })
  .regex(/^[A-Za-z0-9_.:-]{8,128}$/, PAYMENT_MSG.idempotencyKeyRequired);

/** Bacen Pix webhook body (POST {webhook}/pix): one or more received payments. */
export const pixWebhookSchema = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: safeText(64).min(1),
        txid: safeText(35).min(1),
        /** '194.97' */
        valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
        horario: safeText(40).optional(),
        infoPagador: safeText(200).optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type PixWebhookBody = z.infer<typeof pixWebhookSchema>;

/**
 * An API Pix PSP's notification (POST {webhookUrl}/pix, ADR 076): read only for its txids, each then confirmed by
 * GET /cob/{txid} (and each devolução id by GET /pix/{e2eid}/devolucao/{id}) — the amounts and statuses in the body are
 * never used. A Pix without txid (paid to the key, no charge) is accepted and ignored.
 */
export const pixNotificationSchema = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: safeText(64).min(1),
        txid: z
          .string()
          .regex(/^[A-Za-z0-9]{1,35}$/)
          .optional(),
        /** Devoluções of this Pix whose status changed: only their ids are read, each then asked of the PSP. */
        devolucoes: z
          .array(z.object({ id: z.string().regex(/^[A-Za-z0-9]{1,35}$/) }))
          .max(20)
          .optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type PixNotificationBody = z.infer<typeof pixNotificationSchema>;
