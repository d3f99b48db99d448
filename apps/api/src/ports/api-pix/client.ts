import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { PixPspUnavailableError } from '../pix-psp';

/**
 * HTTP client of a PSP's BCB "API Pix" (ADR 076): mutual TLS on every connection (our client certificate and key,
 * the PSP's CA) and OAuth2 client credentials (`POST {tokenUrl}` with `grant_type=client_credentials`, the id and
 * secret in HTTP Basic), the bearer token cached until shortly before `expires_in` and fetched once for concurrent
 * callers. Used by the Pix charge adapter (/cob, /pix) and by Pix Automático (/rec, /solicrec, /cobr).
 *
 * Fails closed: a refused certificate, an unreachable PSP, a timeout, a 5xx or a token the PSP will not give us is a
 * `PixPspUnavailableError` (outcome unknown; PUTs are idempotent, so the caller may retry). Any other answer is
 * handed back with its status for the caller to read. Nothing secret is put in an error message.
 */

export interface MtlsMaterial {
  /** Our client certificate (PEM, chain allowed). */
  cert: string;
  /** Its private key (PEM). */
  key: string;
  /** The CA(s) that sign the PSP's server certificate (PEM); omitted = the system's trust store. */
  ca?: string;
}

export interface ApiPixClientOptions {
  /** The PSP's API Pix base URL, e.g. `https://pix.psp.example/api/v2` (the paths /cob, /pix, /rec go after it). */
  baseUrl: string;
  /** The OAuth2 token endpoint; default `{origin of baseUrl}/oauth/token`. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; omitted = the PSP's default for the client. */
  scope?: string;
  tls: MtlsMaterial;
  /** Per request (connect + answer); default 10 s. */
  timeoutMs?: number;
  /** ms since epoch; tests move it to expire the token. */
  now?: () => number;
}

export interface ApiPixResponse<T = unknown> {
  status: number;
  body: T;
}

/** A token is renewed this long before the PSP says it expires (clock skew, request in flight). */
const TOKEN_MARGIN_MS = 30_000;

export class ApiPixClient {
  private readonly agent: Agent;
  private readonly base: string;
  private readonly tokenUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  /** Tokens fetched so far (tests and the bench read it). */
  tokensIssued = 0;

  constructor(private readonly options: ApiPixClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.tokenUrl = options.tokenUrl ?? `${new URL(this.base).origin}/oauth/token`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.agent = new Agent({
      connect: { cert: options.tls.cert, key: options.tls.key, ca: options.tls.ca, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
      keepAliveTimeout: 30_000,
    });
  }

  /**
   * One call of the API with the bearer token (`path` after the base URL, e.g. `/cob/abc`). A 401 drops the cached
   * token and tries once more with a new one.
   */
  async send<T = unknown>(method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiPixResponse<T>> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const answer = await this.http<T>(
        method,
        `${this.base}${path}`,
        {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body === undefined ? undefined : JSON.stringify(body),
      );
      if (answer.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (answer.status === 401 || answer.status === 403)
        throw new PixPspUnavailableError(`API Pix refused our credentials (${answer.status})`);
      return answer;
    }
  }

  /** The cached token, or a new one (one request however many callers wait). */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async fetchToken(): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (this.options.scope) form.set('scope', this.options.scope);
    const basic = Buffer.from(`${encodeURIComponent(this.options.clientId)}:${encodeURIComponent(this.options.clientSecret)}`).toString(
      'base64',
    );
    const answer = await this.http<{ access_token?: unknown; expires_in?: unknown }>(
      'POST',
      this.tokenUrl,
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      form.toString(),
    );
    const { access_token: value, expires_in: expiresIn } = answer.body ?? {};
    if (answer.status !== 200 || typeof value !== 'string' || value === '') {
      throw new PixPspUnavailableError(`API Pix token endpoint answered ${answer.status}`);
    }
    const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 300;
    this.token = { value, expiresAt: this.now() + Math.max(seconds * 1000 - TOKEN_MARGIN_MS, 1_000) };
    this.tokensIssued++;
    return value;
  }

  private async http<T>(method: string, url: string, headers: Record<string, string>, body?: string): Promise<ApiPixResponse<T>> {
    let res;
    try {
      res = await request(url, {
        method: method as 'GET',
        headers: { accept: 'application/json', ...headers },
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      // TLS handshake refused (our certificate or theirs), connection refused, DNS, timeout.
      throw new PixPspUnavailableError(`API Pix unreachable (${describe(err)})`, { cause: err });
    }
    let text: string;
    try {
      text = await res.body.text();
    } catch (err) {
      throw new PixPspUnavailableError(`API Pix answer cut short (${describe(err)})`, { cause: err });
    }
    if (res.statusCode >= 500) throw new PixPspUnavailableError(`API Pix answered ${res.statusCode}`);
    let parsed: unknown = null;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new PixPspUnavailableError(`API Pix answered ${res.statusCode} with a body that is not JSON`);
      }
    }
    return { status: res.statusCode, body: parsed as T };
  }
}

function describe(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown };
  return typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : 'error';
}

/**
 * A certificate or key from configuration: the PEM itself (as in an env var; literal `\n` are turned into line
 * breaks) or the path of a file holding it.
 */
export function pemFromConfig(value: string): string {
  const v = value.trim();
  if (v.startsWith('-----BEGIN')) return v.replace(/\\n/g, '\n');
  return readFileSync(v, 'utf8');
}
