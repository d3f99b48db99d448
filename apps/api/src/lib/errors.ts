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
}

export const notFound = (mensagem = 'Não encontrado.') => new AppError(404, 'NOT_FOUND', mensagem);
export const unauthorized = (mensagem = 'Sessão expirada. Faça login novamente.') => new AppError(401, 'UNAUTHORIZED', mensagem);

/** The error envelope of DESIGN.md §6, used for every 4xx/5xx answer. */
export const ErrorEnvelope = z.object({
  sucesso: z.literal(false),
  status: z.number().int(),
  erro: z.string(),
  mensagem: z.string(),
});

export const errorResponses = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  404: ErrorEnvelope,
  429: ErrorEnvelope,
  502: ErrorEnvelope,
  500: ErrorEnvelope,
  503: ErrorEnvelope,
} as const;
