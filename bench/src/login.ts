import { PAGE_COOKIE, REFRESH_COOKIE } from '../../apps/api/src/modules/auth/cookies';
/**
 * Logs the demo customer in through the real protocol, exactly as the web app does:
 * login → code by SMS → code read from the demo outbox → verify → AccessToken.
 */
export const DEMO_DOCUMENT = '52998224725';

async function call<T>(base: string, path: string, init?: { method: 'POST'; body: unknown }): Promise<T> {
  return (await callWithHeaders<T>(base, path, init)).body;
}

async function callWithHeaders<T>(
  base: string,
  path: string,
  init?: { method: 'POST'; body: unknown },
): Promise<{ body: T; headers: Headers }> {
  const res = await fetch(base + path, {
    method: init?.method ?? 'GET',
    headers: init ? { 'content-type': 'application/json' } : undefined,
    body: init ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return { body: JSON.parse(text) as T, headers: res.headers };
}

export async function logIn(base: string, documento = DEMO_DOCUMENT): Promise<string> {
  return (await logInSession(base, documento)).accessToken;
}

/** A cookie as a Set-Cookie header set it: what a browser needs to hold it. */
export interface SetCookie {
  name: string;
  value: string;
  path: string;
}

export interface Login {
  accessToken: string;
  /** The HttpOnly refresh cookie the verify step set (name, value, path), for a browser to start logged in. */
  refreshCookie: SetCookie;
  /** The HttpOnly page cookie (ADR 059) the verify step set, so the first page's HTML request knows the customer. */
  pageCookie: SetCookie;
}

/** The cookie `name` among a response's Set-Cookie headers (verify sets the device cookie too, issue 7). */
function setCookieNamed(headers: Headers, name: string): SetCookie {
  const setCookie = headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? '';
  const [pair = '', ...attrs] = setCookie.split(';').map((p) => p.trim());
  const eq = pair.indexOf('=');
  if (eq <= 0) throw new Error(`verify set no ${name} cookie`);
  const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), path };
}

/** The whole login; answers the AccessToken and the cookies (refresh and page) a browser would hold. */
export async function logInSession(base: string, documento = DEMO_DOCUMENT): Promise<Login> {
  const { Sessao } = await call<{ Sessao: string }>(base, '/api/auth/login', { method: 'POST', body: { documento } });
  await call(base, '/api/auth/code', { method: 'POST', body: { Sessao, canal: 'sms' } });

  const outbox = await call<{ channel: string; body: string }[]>(base, '/api/dev/outbox');
  const newest = outbox.find((m) => m.channel === 'sms') ?? outbox[0];
  const code = newest && /\b(\d{6})\b/.exec(newest.body)?.[1];
  if (!code) throw new Error('no 6-digit code in the newest outbox message (is the API in demo mode?)');

  const verified = await callWithHeaders<{ AccessToken: string }>(base, '/api/auth/verify', {
    method: 'POST',
    body: { Sessao, CodigoAutenticacao: code },
  });
  const { AccessToken } = verified.body;
  if (!AccessToken) throw new Error('verify answered without an AccessToken');
  return {
    accessToken: AccessToken,
    refreshCookie: setCookieNamed(verified.headers, REFRESH_COOKIE),
    pageCookie: setCookieNamed(verified.headers, PAGE_COOKIE),
  };
}
