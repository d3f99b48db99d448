import { createHash } from 'node:crypto';
import { GatewayUnavailableError } from '../card-gateway';
import type { AdyenServiceError } from './types';

export interface AdyenHttpOptions {
  /** The Checkout API base with its version, e.g. https://checkout-test.adyen.com/v71. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Further attempts after a timeout, a network error, a 5xx, a 429 or a `transient-error` answer. */
  retries: number;
  /** Wait before attempt n (n ≥ 1); default 200 ms × n. */
  backoffMs?: (attempt: number) => number;
  fetch?: typeof fetch;
}

/** Adyen answered with an error that a retry will not change (validation, authentication, not found). */
export class AdyenRequestError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: AdyenServiceError,
  ) {
    super(`adyen: HTTP ${httpStatus} ${body.errorType ?? ''} ${body.errorCode ?? ''}`.trim());
  }
}

/**
 * Adyen's idempotency keys are at most 64 characters (docs.adyen.com "API idempotency"); a longer key of ours is
 * replaced by its SHA-256 (hex, 64), the same on every retry.
 */
export function adyenIdempotencyKey(key: string): string {
  return key.length <= 64 ? key : createHash('sha256').update(key).digest('hex');
}

/**
 * A payment's `reference` (the webhook's merchantReference) is at most 80 characters at Adyen; a longer key of ours
 * is sent as its SHA-256 (hex, 64). Our reconciliation finds charges by Adyen's pspReference, not by this.
 */
export function adyenReference(key: string): string {
  return key.length <= 80 ? key : createHash('sha256').update(key).digest('hex');
}

/**
 * Adyen's `shopperStatement` (the text on the card statement): at most 22 characters of a-zA-Z0-9 space . , ' _ - ? + * /;
 * accents are dropped, anything else becomes a space.
 */
export function shopperStatement(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9 .,'_\-?+*/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 22)
    .trim();
}

/**
 * POSTs to the Checkout API with `X-API-Key` and `Idempotency-Key`. Every attempt of one call carries the same key,
 * so Adyen replays the first outcome instead of charging twice. When every attempt failed the outcome is unknown:
 * GatewayUnavailableError (the caller answers 502 and may retry later with the same key).
 */
export class AdyenHttp {
  private readonly fetchFn: typeof fetch;
  /** Attempts made (tests and the bench read it). */
  attempts = 0;

  constructor(private readonly opts: AdyenHttpOptions) {
    this.fetchFn = opts.fetch ?? fetch;
  }

  post<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
    return this.request<T>('POST', path, JSON.stringify(body), adyenIdempotencyKey(idempotencyKey));
  }

  /** GET and DELETE are idempotent by definition: retried the same way, with no key. */
  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  async delete(path: string): Promise<void> {
    await this.request<unknown>('DELETE', path);
  }

  private async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: string, key?: string): Promise<T> {
    const url = `${this.opts.baseUrl.replace(/\/$/, '')}${path}`;
    const headers: Record<string, string> = { 'x-api-key': this.opts.apiKey };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (key !== undefined) headers['idempotency-key'] = key;
    let lastProblem = 'no attempt';
    for (let attempt = 0; attempt <= this.opts.retries; attempt++) {
      if (attempt > 0) await sleep(this.opts.backoffMs?.(attempt) ?? 200 * attempt);
      this.attempts++;
      let res: Response;
      try {
        res = await this.fetchFn(url, {
          method,
          headers,
          ...(payload === undefined ? {} : { body: payload }),
          signal: AbortSignal.timeout(this.opts.timeoutMs),
        });
      } catch (err) {
        // Timeout or connection failure: the request may or may not have reached Adyen.
        lastProblem = err instanceof Error && err.name === 'TimeoutError' ? `timeout after ${this.opts.timeoutMs} ms` : 'network error';
        continue;
      }
      const text = await res.text().catch(() => '');
      if (res.ok) {
        if (res.status === 204 || text === '') return undefined as T;
        try {
          return JSON.parse(text) as T;
        } catch {
          lastProblem = `HTTP ${res.status} with a body that is not JSON`;
          continue;
        }
      }
      const error = parseError(text);
      if (res.status >= 500 || res.status === 429 || res.headers.get('transient-error') === 'true') {
        lastProblem = `HTTP ${res.status} ${error.errorCode ?? ''}`.trim();
        continue;
      }
      throw new AdyenRequestError(res.status, error);
    }
    // No card data or key in the message: only the path and what went wrong.
    throw new GatewayUnavailableError(`adyen ${method} ${path.replace(/[?].*$/, '')}: ${lastProblem}`);
  }
}

function parseError(text: string): AdyenServiceError {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as AdyenServiceError) : {};
  } catch {
    return {};
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
