import { z } from 'zod';
import { AppError, ErrorEnvelope, errorResponses } from '../../lib/errors';

/** An AppError that also carries `detalhes` for the client (e.g. the advance sheet's reason and scheduled date). */
export class PaymentError extends AppError {
  constructor(status: number, code: string, mensagem: string, detalhes?: Record<string, string | number | null>) {
    super(status, code, mensagem);
    this.detalhes = detalhes;
  }
}

/** The envelope of DESIGN.md §6, with optional details. */
export const PaymentErrorEnvelope = ErrorEnvelope.extend({
  detalhes: z
    .object({
      motivo: z.string().optional(),
      dataAgendada: z.string().nullable().optional(),
    })
    .optional(),
});

/** Error statuses a payment route may answer. */
export const paymentErrorResponses = {
  ...errorResponses,
  402: PaymentErrorEnvelope,
  409: PaymentErrorEnvelope,
  422: PaymentErrorEnvelope,
  502: PaymentErrorEnvelope,
  503: PaymentErrorEnvelope,
} as const;
