import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers';
import { STAFF_COOKIE } from '../src/modules/staff/session';
import { DEMO_STAFF_PASSWORD } from '../src/modules/staff/demo';
import type { FixedClock } from '../src/ports/clock';

export { STAFF_COOKIE, DEMO_STAFF_PASSWORD };

export const STAFF = {
  atendimento: 'atendimento@guarita.example',
  sinistros: 'sinistros@guarita.example',
  financeiro: 'financeiro@guarita.example',
  admin: 'admin@guarita.example',
} as const;

/** The demo account's current TOTP code, through demo mode's helper endpoint. */
export async function totpOf(t: TestApp, email: string): Promise<string> {
  const res = await t.get(`/api/dev/staff/totp?email=${encodeURIComponent(email)}`);
  if (res.statusCode !== 200) throw new Error(`totp ${res.statusCode}: ${res.body}`);
  return res.json().codigo;
}

export function staffLoginRequest(t: TestApp, body: { email: string; senha: string; codigo: string }, ip?: string) {
  return t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: body, ...(ip ? { remoteAddress: ip } : {}) });
}

/**
 * Logs a demo staff member in and answers the session cookie's value. Each TOTP code is accepted once, so
 * the clock moves on one period first (the test app must run on this FixedClock).
 */
export async function staffLogin(t: TestApp, clock: FixedClock, email: string): Promise<string> {
  clock.advance(30_000);
  const res = await staffLoginRequest(t, { email, senha: DEMO_STAFF_PASSWORD, codigo: await totpOf(t, email) });
  if (res.statusCode !== 200) throw new Error(`staff login ${res.statusCode}: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE);
  if (!cookie?.value) throw new Error('no staff cookie');
  return cookie.value;
}

/**
 * The authenticator app of an account made with `staff.create`: its code now (on the test's clock), and a code that
 * is none of the codes accepted now (the step before, now and the step after).
 */
export async function authenticator(otpauthUri: string, clock: FixedClock) {
  const { TOTP } = await import('otpauth');
  const totp = new TOTP({ secret: new URL(otpauthUri).searchParams.get('secret')! });
  const at = (offsetMs: number) => totp.generate({ timestamp: clock.now().getTime() + offsetMs });
  return {
    codeNow: () => at(0),
    wrongCode: () => {
      const valid = new Set([at(-30_000), at(0), at(30_000)]);
      let n = 0;
      while (valid.has(String(n).padStart(6, '0'))) n++;
      return String(n).padStart(6, '0');
    },
  };
}

/** A console request with the staff cookie. */
export function staffRequest(
  t: TestApp,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    ...(token ? { cookies: { [STAFF_COOKIE]: token } } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
