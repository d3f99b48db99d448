import { REFRESH_COOKIE } from '../src/modules/auth/cookies';
import type { Mail } from './harness';

/** What a client of the two instances sees of an answer: status, headers, the body as JSON (or text) and as bytes. */
export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads the answers' fields as the web app does
  json: any;
  bytes: Buffer;
  /** Name → value of each Set-Cookie. */
  cookies: Record<string, string>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Raw bytes (an upload), sent as application/octet-stream. */
  bytes?: Buffer;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** The client address the apps see (they trust one proxy hop: X-Forwarded-For). */
  ip?: string;
}

/** One HTTP request with fetch, cookies by hand (a Cookie header in, Set-Cookie parsed out). */
export async function call(base: string, method: string, url: string, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.ip) headers['x-forwarded-for'] = o.ip;
  if (o.cookies)
    headers.cookie = Object.entries(o.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  let body: Uint8Array | string | undefined;
  if (o.bytes) {
    headers['content-type'] = 'application/octet-stream';
    body = new Uint8Array(o.bytes);
  } else if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: unknown = null;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    /* not JSON (a file) */
  }
  const cookies: Record<string, string> = {};
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    cookies[pair!.slice(0, eq)] = pair!.slice(eq + 1);
  }
  return { status: res.status, headers: res.headers, json, bytes, cookies };
}

/** The 6-digit login code in the newest mail to `to` after the first `skip` mails (read from the body, not the headers). */
export function codeIn(mails: Mail[], to: string, skip: number): string | null {
  const mail = mails
    .slice(skip)
    .filter((m) => m.to.includes(to))
    .at(-1);
  const body = mail?.raw.slice(mail.raw.search(/\r?\n\r?\n/)).replace(/=\r?\n/g, '');
  return body?.match(/\b(\d{6})\b/)?.[1] ?? null;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 50 ms until it answers a value, for at most `ms`; null when time runs out. */
export async function within<T>(ms: number, check: () => Promise<T | null | undefined>): Promise<T | null> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== null && v !== undefined) return v;
    if (Date.now() > deadline) return null;
    await sleep(50);
  }
}

export const refreshCookie = (a: Answer) => a.cookies[REFRESH_COOKIE];
export { REFRESH_COOKIE };

/** A minimal PDF (the boletim de ocorrência accepts PDF only; stored as sent, so the bytes compare). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
