import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_BACKGROUND_HEADER, STAFF_MSG } from '@guarita/domain';
import { aLoggedInCustomer, aStaffAccount, aStaffMember } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { FixedClock } from '../src/ports/clock';
import { authenticator, STAFF, STAFF_COOKIE, staffLoginRequest, staffRequest } from './staff-helpers';

/**
 * Each test makes the staff accounts it logs in with (aStaffAccount, aStaffMember: ADR 070); only demo mode's TOTP
 * helper and the test that there are no demo accounts outside demo mode read the seeded demo accounts.
 */
describe('staff login, sessions and audit (issue 13 §1)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock, outbox: true });
  }, 180_000); // a fresh database per file; slow on a loaded machine
  afterAll(() => t.close());

  it('logs in with e-mail, password and the TOTP code: an HttpOnly session cookie for the console API only', async () => {
    const account = await aStaffAccount(t, 'sinistros', { name: 'Sérgio Sinistros' });
    const typed = `${account.email.charAt(0).toUpperCase()}${account.email.slice(1).replace('@guarita', '@Guarita')} `;
    const res = await staffLoginRequest(t, { email: typed, senha: account.password, codigo: account.code() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: account.email, papel: 'sinistros', inatividadeSegundos: 1800 });
    const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/backoffice' });
    const me = await staffRequest(t, cookie.value, 'GET', '/api/backoffice/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().nome).toBe('Sérgio Sinistros');
  });

  it('a wrong password, a wrong code and an unknown e-mail get the same answer', async () => {
    const account = await aStaffAccount(t, 'financeiro');
    const code = account.code();
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const body of [
      { email: account.email, senha: 'senha-errada', codigo: code },
      { email: account.email, senha: account.password, codigo: wrongCode },
      { email: 'ninguem@guarita.example', senha: account.password, codigo: code },
    ]) {
      const res = await staffLoginRequest(t, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ erro: 'INVALID_LOGIN', mensagem: STAFF_MSG.invalidLogin });
    }
    // Validation messages in pt-BR.
    const bad = await staffLoginRequest(t, { email: 'x', senha: '', codigo: '12' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a code that was already used, even with the right password', async () => {
    const account = await aStaffAccount(t, 'atendimento');
    const login = { email: account.email, senha: account.password, codigo: account.code() };
    const first = await staffLoginRequest(t, login);
    expect(first.statusCode).toBe(200);
    const replay = await staffLoginRequest(t, login);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ erro: 'CODE_REUSED', mensagem: STAFF_MSG.codeReused });
  });

  it('locks the account after 5 wrong codes with the right password, e-mails the owner, refuses even the right answer while locked, and opens again afterwards', async () => {
    const created = await t.app.staff.create({
      email: 'lock@guarita.example',
      name: 'Lock',
      role: 'atendimento',
      password: 'uma-senha-forte-1',
    });
    const { codeNow, wrongCode } = await authenticator(created.otpauthUri, clock);
    const sentBefore = t.sent.length;
    for (let i = 1; i <= 4; i++) {
      const res = await staffLoginRequest(
        t,
        { email: 'lock@guarita.example', senha: 'uma-senha-forte-1', codigo: wrongCode() },
        '198.51.100.4',
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().erro).toBe('INVALID_LOGIN');
    }
    const fifth = await staffLoginRequest(
      t,
      { email: 'lock@guarita.example', senha: 'uma-senha-forte-1', codigo: wrongCode() },
      '198.51.100.4',
    );
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ erro: 'ACCOUNT_LOCKED', mensagem: STAFF_MSG.locked });
    // The owner hears of it by e-mail, once, in Portuguese, through the notifier (demo outbox or SMTP).
    const notices = t.sent.slice(sentBefore);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      channel: 'email',
      to: 'lock@guarita.example',
      subject: 'Guarita: sua conta do console foi bloqueada',
    });
    expect(notices[0]!.body).toContain('bloqueada por 15 minutos');
    expect(notices[0]!.body).toContain('senha certa');
    expect(notices[0]!.body).toContain('198.51.100.4');
    const outbox = await t.get('/api/dev/outbox');
    expect(outbox.json()[0]).toMatchObject({
      channel: 'email',
      to: 'lock@guarita.example',
      subject: 'Guarita: sua conta do console foi bloqueada',
    });
    clock.advance(30_000);
    const right = await staffLoginRequest(t, { email: 'lock@guarita.example', senha: 'uma-senha-forte-1', codigo: codeNow() });
    expect(right.statusCode).toBe(429);
    expect(right.json().erro).toBe('ACCOUNT_LOCKED');
    expect(t.sent.length).toBe(sentBefore + 1);
    // The lock ends on the database clock: move it into the past.
    await t.query(`UPDATE staff SET locked_until = now() - interval '1 second' WHERE email = 'lock@guarita.example'`);
    const after = await staffLoginRequest(t, { email: 'lock@guarita.example', senha: 'uma-senha-forte-1', codigo: codeNow() });
    expect(after.statusCode).toBe(200);
    const [row] = await t.query<{ failed_attempts: number }>(`SELECT failed_attempts FROM staff WHERE email = 'lock@guarita.example'`);
    expect(row!.failed_attempts).toBe(0);
    expect(created.otpauthUri).toMatch(/^otpauth:\/\/totp\/Guarita%20Backoffice:lock%40guarita\.example\?/);
  });

  it("a stranger's wrong passwords, from one address or from four and however many, never stop the owner logging in", async () => {
    const email = 'alvo@guarita.example';
    const created = await t.app.staff.create({ email, name: 'Alvo', role: 'sinistros', password: 'a-senha-do-dono-1' });
    const { codeNow } = await authenticator(created.otpauthUri, clock);
    const sentBefore = t.sent.length;
    const answers = new Set<string>();
    // One address past its per-address limit (30), and four more.
    for (const [ip, tries] of [
      ['203.0.113.1', 40],
      ['203.0.113.10', 12],
      ['203.0.113.11', 12],
      ['203.0.113.12', 12],
      ['203.0.113.13', 12],
    ] as const) {
      for (let i = 0; i < tries; i++) {
        const res = await staffLoginRequest(t, { email, senha: `chute-${i}`, codigo: codeNow() }, ip);
        answers.add(`${res.statusCode} ${res.json().erro}`);
      }
    }
    // The owner, at their own address, at once: in, and nobody was told of a lock that never happened.
    const owner = await staffLoginRequest(t, { email, senha: 'a-senha-do-dono-1', codigo: codeNow() }, '198.51.100.77');
    expect(owner.statusCode).toBe(200);
    expect(t.sent.length).toBe(sentBefore);
    // The stranger only ever heard 'wrong' or 'wait'.
    expect([...answers].sort()).toEqual(['401 INVALID_LOGIN', '429 RATE_LIMITED']);
  });

  it('wrong passwords slow down only their (e-mail, address) pair, with a growing wait; the right password forgives them', async () => {
    const email = 'devagar@guarita.example';
    const created = await t.app.staff.create({ email, name: 'Devagar', role: 'atendimento', password: 'a-senha-certa-22' });
    const { codeNow } = await authenticator(created.otpauthUri, clock);
    const attempt = (senha: string, ip: string, who = email) => staffLoginRequest(t, { email: who, senha, codigo: codeNow() }, ip);
    // Age this pair's attempts, as time passing would (the delay runs on the database clock).
    const wait = (seconds: number) =>
      t.query(`UPDATE rate_limit_hits SET hit_at = hit_at - make_interval(secs => $1) WHERE bucket LIKE 'staff-login-pw:%'`, [seconds]);
    for (let i = 0; i < 3; i++) expect((await attempt('errada', '192.0.2.1')).statusCode).toBe(401);
    const slowed = await attempt('errada', '192.0.2.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ erro: 'RATE_LIMITED', mensagem: 'Muitas tentativas. Tente novamente em 2 segundos.' });
    expect(slowed.headers['retry-after']).toBe('2');
    // Even the right password waits there (the wait must not tell a right guess from a wrong one)…
    expect((await attempt('a-senha-certa-22', '192.0.2.1')).statusCode).toBe(429);
    // …while another address, the owner's, is not slowed at all.
    expect((await attempt('errada', '192.0.2.2')).statusCode).toBe(401);
    await wait(2);
    expect((await attempt('errada', '192.0.2.1')).statusCode).toBe(401);
    expect((await attempt('errada', '192.0.2.1')).json().mensagem).toBe('Muitas tentativas. Tente novamente em 4 segundos.');
    await wait(4);
    clock.advance(30_000);
    expect((await attempt('a-senha-certa-22', '192.0.2.1')).statusCode).toBe(200);
    expect((await attempt('errada', '192.0.2.1')).statusCode).toBe(401);
    // An unknown e-mail waits exactly like an account: the wait tells no one which e-mails exist.
    for (let i = 0; i < 3; i++) expect((await attempt('errada', '192.0.2.3', 'ninguem-aqui@guarita.example')).statusCode).toBe(401);
    expect((await attempt('errada', '192.0.2.3', 'ninguem-aqui@guarita.example')).json().mensagem).toBe(
      'Muitas tentativas. Tente novamente em 2 segundos.',
    );
    // Wrong passwords never lock the account, however many.
    const [row] = await t.query<{ locked_until: Date | null; failed_attempts: number }>(
      `SELECT locked_until, failed_attempts FROM staff WHERE email = $1`,
      [email],
    );
    expect(row).toMatchObject({ locked_until: null, failed_attempts: 0 });
  });

  it('a customer token never opens the console, and a staff token never opens the customer API', async () => {
    const customer = await aLoggedInCustomer(t);
    const asStaff = await staffRequest(t, customer.token, 'GET', '/api/backoffice/auth/me');
    expect(asStaff.statusCode).toBe(401);
    const bearerOnConsole = await customer.call('GET', '/api/backoffice/auth/me');
    expect(bearerOnConsole.statusCode).toBe(401);
    const admin = await aStaffMember(t, 'admin');
    const asCustomer = await t.get('/api/contracts', admin.token);
    expect(asCustomer.statusCode).toBe(401);
  });

  it('ends a session left idle longer than the timeout', async () => {
    const { id, token } = await aStaffMember(t, 'sinistros');
    const other = await aStaffMember(t, 'sinistros');
    expect((await staffRequest(t, token, 'GET', '/api/backoffice/auth/me')).statusCode).toBe(200);
    await t.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE staff_id = $1`, [id]);
    const res = await staffRequest(t, token, 'GET', '/api/backoffice/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().mensagem).toBe(STAFF_MSG.sessionEnded);
    expect((await staffRequest(t, other.token, 'GET', '/api/backoffice/auth/me')).statusCode).toBe(200); // a session in use lives on
  });

  it('polling (the live queue, presence) checks the session without keeping it alive', async () => {
    const { id, token } = await aStaffMember(t, 'atendimento');
    const idleFor = async (staffId: number) =>
      Number(
        (
          await t.query<{ s: number }>(
            `SELECT extract(epoch FROM now() - last_seen_at)::int AS s FROM staff_sessions WHERE staff_id = $1`,
            [staffId],
          )
        )[0]!.s,
      );
    const poll = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/backoffice/casos/novos?desde=${encodeURIComponent(new Date().toISOString())}`,
        cookies: { [STAFF_COOKIE]: token },
        headers: { [STAFF_BACKGROUND_HEADER]: '1' },
      });
    await t.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '29 minutes' WHERE staff_id = $1`, [id]);
    expect((await poll()).statusCode).toBe(200);
    expect(await idleFor(id)).toBeGreaterThanOrEqual(29 * 60); // the idle clock did not restart
    await t.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE staff_id = $1`, [id]);
    const ended = await poll();
    expect(ended.statusCode).toBe(401);
    expect(ended.json().mensagem).toBe(STAFF_MSG.sessionEnded);
    // A request of the staff member's own restarts it, as before.
    const other = await aStaffMember(t, 'atendimento');
    await t.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '29 minutes' WHERE staff_id = $1`, [other.id]);
    expect((await staffRequest(t, other.token, 'GET', '/api/backoffice/auth/me')).statusCode).toBe(200);
    expect(await idleFor(other.id)).toBeLessThan(60);
  });

  it('logout ends this session; logout everywhere ends every session of the account', async () => {
    const member = await aStaffMember(t, 'financeiro');
    const a = member.token;
    expect((await staffRequest(t, a, 'POST', '/api/backoffice/auth/logout')).statusCode).toBe(204);
    expect((await staffRequest(t, a, 'GET', '/api/backoffice/auth/me')).statusCode).toBe(401);
    const login = async () => {
      clock.advance(30_000); // each authenticator code is accepted once
      const res = await staffLoginRequest(t, { email: member.email, senha: member.password, codigo: member.code() });
      expect(res.statusCode).toBe(200);
      return res.cookies.find((x) => x.name === STAFF_COOKIE)!.value;
    };
    const b = await login();
    const c = await login();
    const all = await staffRequest(t, b, 'POST', '/api/backoffice/auth/logout-all');
    expect(all.statusCode).toBe(200);
    expect(all.json().sessoes).toBe(2);
    for (const tok of [b, c]) expect((await staffRequest(t, tok, 'GET', '/api/backoffice/auth/me')).statusCode).toBe(401);
  });

  it('the audit log is admin-only, lists every login and logout, exports CSV and refuses changes', async () => {
    // A member of the team of its own: logs in, fails a login, logs out, logs in again and out everywhere.
    const member = await aStaffMember(t, 'financeiro');
    const wrong = await staffLoginRequest(t, { email: member.email, senha: 'nao-e-a-senha', codigo: member.code() });
    expect(wrong.statusCode).toBe(401);
    expect((await staffRequest(t, member.token, 'POST', '/api/backoffice/auth/logout')).statusCode).toBe(204);
    clock.advance(30_000);
    const again = await staffLoginRequest(t, { email: member.email, senha: member.password, codigo: member.code() });
    const second = again.cookies.find((c) => c.name === STAFF_COOKIE)!.value;
    expect((await staffRequest(t, second, 'POST', '/api/backoffice/auth/logout-all')).statusCode).toBe(200);

    const sinistros = (await aStaffMember(t, 'sinistros')).token;
    expect((await staffRequest(t, sinistros, 'GET', '/api/backoffice/auditoria')).statusCode).toBe(403);
    expect((await staffRequest(t, sinistros, 'GET', '/api/backoffice/auditoria.csv')).statusCode).toBe(403);
    expect((await staffRequest(t, undefined, 'GET', '/api/backoffice/auditoria')).statusCode).toBe(401);

    const admin = await aStaffMember(t, 'admin');
    const page = await staffRequest(t, admin.token, 'GET', '/api/backoffice/auditoria?limite=200');
    expect(page.statusCode).toBe(200);
    const acoes = page.json().itens.map((r: { acao: string; quem: string }) => `${r.quem} ${r.acao}`);
    const ofMember = acoes.filter((a: string) => a.startsWith(`${member.email} `)).reverse(); // oldest first
    expect(ofMember).toEqual(['login', 'login.falhou', 'logout', 'login', 'logout.todas'].map((a) => `${member.email} ${a}`));
    expect(page.json().itens[0]).toMatchObject({ quem: admin.email, acao: 'login', papel: 'admin', ip: admin.ip });

    const csv = await staffRequest(t, admin.token, 'GET', '/api/backoffice/auditoria.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('id,quando,quem,papel,acao,caso,cliente,antes,depois,ip');
    expect(lines.some((l) => l.includes(`${admin.email},admin,auditoria.exportada`))).toBe(true);
    expect(lines.some((l) => l.includes(`${member.email},financeiro,logout.todas`))).toBe(true);

    await expect(t.query(`UPDATE staff_audit SET action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.query(`DELETE FROM staff_audit`)).rejects.toThrow(/append-only/);
  });

  // Of the demo itself: the helper serves the seeded demo accounts (ADR 070's reference data), and no other.
  it("demo mode's TOTP helper answers only the seeded demo accounts", async () => {
    const account = await aStaffAccount(t, 'admin');
    expect((await t.get(`/api/dev/staff/totp?email=${encodeURIComponent(account.email)}`)).statusCode).toBe(404);
    const ok = await t.get(`/api/dev/staff/totp?email=${STAFF.admin}`);
    expect(ok.json().codigo).toMatch(/^\d{6}$/);
  });
});

describe('outside demo mode', () => {
  it('has no TOTP helper and no demo staff accounts', async () => {
    const t = await createTestApp({ demoMode: false });
    try {
      expect((await t.get(`/api/dev/staff/totp?email=${STAFF.admin}`)).statusCode).toBe(404);
      expect(await t.query('SELECT id FROM staff')).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000); // an app of its own on a fresh database; slow on a loaded machine
});
