import { externalErrorMessage } from '@guarita/domain';
import { ApiError } from './client';

/**
 * The text to show for a failed request (001 §8): the CRM's DescricaoErroApiExterna (first message of its JSON
 * array) when the answer carries one, else the server's message, else the form's own fallback.
 */
export function apiErrorText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  const external = err.detalhes?.DescricaoErroApiExterna;
  return externalErrorMessage(typeof external === 'string' ? external : err.status > 0 ? err.message : null, fallback);
}
