import { z } from 'zod';

/** A failure the client may see: HTTP status, a stable code and the pt-BR message to show. */
export class AppError extends Error {
  /** Machine-readable extras the client may act on (e.g. the advance sheet's reason and date). */
  detalhes?: Record<string, string | number | null>;

  constructor(
    readonly status: number,
    readonly code: string,
    readonly mensagem: string,
    readonly headers: Record<string, string> = {},
    cause?: unknown,
  ) {
    super(mensagem, { cause });
  }

  /** Adds machine-readable extras to the envelope: `throw new AppError(422, …).withDetails({ motivo })`. */
  withDetails(detalhes: NonNullable<AppError['detalhes']>): this {
    this.detalhes = detalhes;
    return this;
  }
}

export const notFound = (mensagem = 'Não encontrado.') => new AppError(404, 'NOT_FOUND', mensagem);
export const unauthorized = (mensagem = 'Sessão expirada. Faça login novamente.') => new AppError(401, 'UNAUTHORIZED', mensagem);

/** The error envelope of DESIGN.md §6, used for every 4xx/5xx answer. */
export const ErrorEnvelope = z
  .object({
    sucesso: z.literal(false),
    status: z.number().int(),
    erro: z.string().describe('Stable machine-readable code, e.g. NOT_FOUND, RATE_LIMITED, ADVANCE_UNAVAILABLE'),
    mensagem: z.string().describe('pt-BR text to show the customer'),
    detalhes: z
      .object({
        motivo: z.string().optional(),
        dataAgendada: z.string().nullable().optional(),
      })
      .optional()
      .describe('Extras some errors carry (e.g. the advance sheet: motivo and dataAgendada)'),
  })
  // One component of the OpenAPI document, referenced by every error response (ADR 069).
  .meta({ id: 'ErrorEnvelope' });

/**
 * The error statuses every route may answer, in its `response` schema. Modules spread this and add only
 * what is their own (e.g. payments' 402 for a declined card); they never redefine these.
 */
export const errorResponses = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  422: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
  502: ErrorEnvelope,
  503: ErrorEnvelope,
} as const;
