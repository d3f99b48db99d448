import { createHmac, createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/db';
import { migrateWithOwner } from '../src/db/roles';
import { KEY_PURPOSES, Keyring, deriveKey, keyId } from '../src/lib/keys';
import { DEVICE_COOKIE } from '../src/modules/auth/cookies';
import { resealTotpSecrets } from '../src/modules/staff/reseal';
import { currentTotp, hashPassword, newTotpSecret, SecretBox } from '../src/modules/staff/secrets';
import { STAFF_COOKIE } from '../src/modules/staff/session';
import { FixedClock } from '../src/ports/clock';
import { CapturingNotifier, REFRESH_COOKIE, buildTestConfig, codeOf, jwtPayload, openFreshDb } from './helpers';
import { aCustomer, type CustomerRow } from './factories';

/** Issue 23, item 6 (ADR 062): one key per purpose, key ids on tokens, and rotation of AUTH_SECRET. */

const fresh = () => randomBytes(32).toString('base64url');

describe('per-purpose keys', () => {
  const secret = fresh();
  const ring = new Keyring(secret);

  it('each purpose has its own key, HKDF-SHA256 of AUTH_SECRET with the purpose as label; none is the secret', () => {
    const keys = KEY_PURPOSES.map((p) => ring.key(p).toString('hex'));
    expect(new Set(keys).size).toBe(KEY_PURPOSES.length);
    for (const p of KEY_PURPOSES) {
      expect(ring.key(p)).toEqual(Buffer.from(hkdfSync('sha256', secret, 'guarita-keys', `guarita/${p}`, 32)));
      expect(ring.key(p).toString('utf8')).not.toContain(secret);
    }
    // The old scheme's keys (the secret itself, HMACs of it) are none of them.
    const old = [Buffer.from(secret), createHmac('sha256', secret).update('guarita-backoffice-jwt').digest()].map((b) => b.toString('hex'));
    for (const k of keys) expect(old).not.toContain(k);
  });

  it('the key id names the secret, not a key: stable, different per secret, not a prefix of any key', () => {
    expect(ring.kid).toBe(keyId(secret));
    expect(new Keyring(secret, fresh()).kid).toBe(ring.kid);
    expect(keyId(fresh())).not.toBe(ring.kid);
    for (const p of KEY_PURPOSES) expect(ring.key(p).toString('base64url').startsWith(ring.kid)).toBe(false);
  });

  it('the previous secret verifies (hashes, keys by id) but never signs', () => {
    const previous = fresh();
    const rotating = new Keyring(secret, previous);
    expect(rotating.key('device-cookie')).toEqual(deriveKey(secret, 'device-cookie'));
    expect(rotating.hashes('login-code', 's', '123456')).toEqual([
      ring.hash('login-code', 's', '123456'),
      new Keyring(previous).hash('login-code', 's', '123456'),
    ]);
    expect(rotating.byKid('access-token', keyId(previous))).toEqual(deriveKey(previous, 'access-token'));
    expect(rotating.byKid('access-token', 'unknown')).toBeUndefined();
  });

  it('a sealed authenticator secret names its key id; a tampered one or one of another secret does not open', () => {
    const box = new SecretBox(ring);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed.startsWith(`v2.${ring.kid}.`)).toBe(true);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.isCurrent(sealed)).toBe(true);
    expect(new SecretBox(new Keyring(fresh())).open(sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.at(-2) === 'A' ? 'B' : 'A') + parts[3]!.at(-1);
    expect(box.open(parts.join('.'))).toBeNull();
  });
});

/** A value sealed the way it was before ADR 062 (one HMAC of AUTH_SECRET, format v1). */
function legacySeal(secret: string, plain: string): string {
  const key = createHmac('sha256', secret).update('guarita-staff-totp-seal').digest();
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), body.toString('base64url'), c.getAuthTag().toString('base64url')].join('.');
}

/**
 * One database, the server restarted three times: under the old secret, during the rotation (AUTH_SECRET = new,
 * AUTH_SECRET_PREVIOUS = old), and after it (the new secret alone). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('rotating AUTH_SECRET', () => {
  const OLD = fresh();
  const NEW = fresh();
  const PASSWORD = 'a-staff-password-for-rotation-1';
  const staff = {
    current: { email: 'rotacao@guarita.example', totp: newTotpSecret() },
    legacy: { email: 'legado@guarita.example', totp: newTotpSecret() },
  };
  const clock = new FixedClock(new Date());
  let db: Database;
  let drop: () => Promise<void>;
  /** The customer who logs in across the restarts: made here, not the demo seed's (ADR 070). */
  let person: CustomerRow;

  beforeAll(async () => {
    let owner: Database;
    ({ db, owner, drop } = await openFreshDb());
    await migrateWithOwner(db, owner);
    person = await aCustomer({ owner });
    const hash = await hashPassword(PASSWORD);
    await db
      .insertInto('staff')
      .values([
        {
          email: staff.current.email,
          name: 'Rotação',
          role: 'atendimento',
          password_hash: hash,
          totp_secret: new SecretBox(new Keyring(OLD)).seal(staff.current.totp),
        },
        { email: staff.legacy.email, name: 'Legado', role: 'admin', password_hash: hash, totp_secret: legacySeal(OLD, staff.legacy.totp) },
      ])
      .execute();
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  /** The server on this database with these secrets (outside demo mode: nothing re-seeds the staff). */
  async function serverWith(secrets: { AUTH_SECRET: string; AUTH_SECRET_PREVIOUS?: string }) {
    const notifier = new CapturingNotifier();
    const config = buildTestConfig({ demoMode: false, env: secrets });
    const app = await buildApp({ db, config, ports: { notifier, clock }, logger: false });
    await app.ready();
    await resealTotpSecrets(db, config.keys); // as server.ts does at every start, before it serves
    const inject = (method: 'GET' | 'POST', url: string, o: { payload?: object; token?: string; cookies?: Record<string, string> } = {}) =>
      app.inject({ method, url, payload: o.payload, cookies: o.cookies, headers: o.token ? { authorization: `Bearer ${o.token}` } : {} });
    const cookie = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;
    return {
      app,
      config,
      inject,
      async customerLogin(deviceCookie?: string) {
        const s = (await inject('POST', '/api/auth/login', { payload: { documento: person.document } })).json();
        const cookies: Record<string, string> = deviceCookie ? { [DEVICE_COOKIE]: deviceCookie } : {};
        expect((await inject('POST', '/api/auth/code', { payload: { Sessao: s.Sessao, canal: 'email' }, cookies })).statusCode).toBe(202);
        const res = await inject('POST', '/api/auth/verify', {
          payload: { Sessao: s.Sessao, CodigoAutenticacao: codeOf(notifier.sent.at(-1)) },
          cookies,
        });
        expect(res.statusCode).toBe(200);
        return { access: res.json().AccessToken as string, refresh: cookie(res, REFRESH_COOKIE)!, device: cookie(res, DEVICE_COOKIE) };
      },
      /** Status of a staff login with the authenticator's current code (a new time step each time: codes work once). */
      async staffLogin(who: { email: string; totp: string }) {
        clock.advance(30_000);
        const res = await inject('POST', '/api/backoffice/auth/login', {
          payload: { email: who.email, senha: PASSWORD, codigo: currentTotp(who.totp, clock.now().getTime()) },
        });
        return { status: res.statusCode, cookie: cookie(res, STAFF_COOKIE) };
      },
      staffMe: async (sessionCookie: string) =>
        (await inject('GET', '/api/backoffice/auth/me', { cookies: { [STAFF_COOKIE]: sessionCookie } })).statusCode,
      me: async (token: string) => (await inject('GET', '/api/me', { token })).statusCode,
      refresh: (token: string) => inject('POST', '/api/auth/refresh', { cookies: { [REFRESH_COOKIE]: token } }),
    };
  }
  const sealedOf = async (email: string) =>
    (await db.selectFrom('staff').select('totp_secret').where('email', '=', email).executeTakeFirstOrThrow()).totp_secret;

  it('tokens, refresh tokens, device cookies and staff sessions of the old secret live through the rotation; authenticators are re-sealed', async () => {
    // 1. The old secret.
    const before = await serverWith({ AUTH_SECRET: OLD });
    const customer = await before.customerLogin();
    const oldKid = keyId(OLD);
    const header = JSON.parse(Buffer.from(customer.access.split('.')[0]!, 'base64url').toString('utf8'));
    expect(header).toEqual({ alg: 'HS256', kid: oldKid });
    expect(customer.device).toBeTruthy();
    const staffSession = await before.staffLogin(staff.current);
    expect(staffSession.status).toBe(200);
    expect((await before.staffLogin(staff.legacy)).status).toBe(200); // a seal of before ADR 062 still opens
    const customerLater = await before.customerLogin(); // its refresh token is used only after the rotation
    await before.app.close();

    // 2. The rotation: the new secret signs, the old one still verifies; the start re-sealed every authenticator.
    const during = await serverWith({ AUTH_SECRET: NEW, AUTH_SECRET_PREVIOUS: OLD });
    const newKid = keyId(NEW);
    for (const who of [staff.current, staff.legacy]) expect(await sealedOf(who.email)).toMatch(new RegExp(`^v2\\.${newKid}\\.`));
    expect(await during.me(customer.access)).toBe(200);
    expect(await during.staffMe(staffSession.cookie!)).toBe(200);
    const refreshed = await during.refresh(customerLater.refresh);
    expect(refreshed.statusCode).toBe(200);
    const rotatedAccess = refreshed.json().AccessToken as string;
    expect(JSON.parse(Buffer.from(rotatedAccess.split('.')[0]!, 'base64url').toString('utf8')).kid).toBe(newKid);
    expect(jwtPayload(rotatedAccess).sub).toBe(jwtPayload(customer.access).sub);
    // The old device cookie is still recognised; a new login issues one under the new key.
    expect(during.app.authService.trustedDevice(customer.device, Number(jwtPayload(customer.access).sub))).not.toBeNull();
    for (const who of [staff.current, staff.legacy]) expect((await during.staffLogin(who)).status).toBe(200);
    const newStaffSession = await during.staffLogin(staff.current);
    await during.app.close();

    // 3. After the rotation: the old secret is gone; what it signed is refused, what was re-sealed still opens.
    const after = await serverWith({ AUTH_SECRET: NEW });
    expect(await after.me(customer.access)).toBe(401);
    expect(await after.staffMe(staffSession.cookie!)).toBe(401);
    expect(after.app.authService.trustedDevice(customer.device, Number(jwtPayload(customer.access).sub))).toBeNull();
    expect(await after.me(rotatedAccess)).toBe(200);
    expect(await after.staffMe(newStaffSession.cookie!)).toBe(200);
    for (const who of [staff.current, staff.legacy]) expect((await after.staffLogin(who)).status).toBe(200);
    await after.app.close();
  });

  it('re-sealing is idempotent, and a seal of an unknown secret is counted, not destroyed', async () => {
    const ring = new Keyring(NEW, OLD);
    // Re-sealing reaches every staff row: the rotation test's two accounts get their seals back afterwards.
    const theirs = await Promise.all([staff.current.email, staff.legacy.email].map(sealedOf));
    const emails = ['resselo-a@guarita.example', 'resselo-b@guarita.example'];
    try {
      await db
        .insertInto('staff')
        .values(
          emails.map((email) => ({
            email,
            name: 'Resselo',
            role: 'atendimento',
            password_hash: 'not-used',
            totp_secret: new SecretBox(new Keyring(OLD)).seal(newTotpSecret()),
          })),
        )
        .execute();
      // Every seal not yet under NEW is re-sealed: the two here, and the rotation test's two unless it ran before.
      const box = new SecretBox(ring);
      const stale = (await db.selectFrom('staff').select('totp_secret').execute()).filter((r) => !box.isCurrent(r.totp_secret)).length;
      const settled = await resealTotpSecrets(db, ring);
      expect(settled).toEqual({ resealed: stale, unreadable: 0 });
      expect(stale).toBeGreaterThanOrEqual(emails.length);
      const values = await Promise.all(emails.map(sealedOf));
      expect(await resealTotpSecrets(db, ring)).toEqual({ resealed: 0, unreadable: settled.unreadable });
      expect(await Promise.all(emails.map(sealedOf))).toEqual(values);

      const stray = new SecretBox(new Keyring(fresh())).seal(newTotpSecret());
      await db.updateTable('staff').set({ totp_secret: stray }).where('email', '=', emails[1]!).execute();
      expect(await resealTotpSecrets(db, ring)).toEqual({ resealed: 0, unreadable: settled.unreadable + 1 });
      expect(await sealedOf(emails[1]!)).toBe(stray);
    } finally {
      await db.deleteFrom('staff').where('email', 'in', emails).execute();
      for (const [i, email] of [staff.current.email, staff.legacy.email].entries())
        await db.updateTable('staff').set({ totp_secret: theirs[i]! }).where('email', '=', email).execute();
    }
  });
});
