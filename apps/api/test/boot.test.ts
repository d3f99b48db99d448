import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPF_JOAO, CPF_MARIA, REFRESH_COOKIE, createTestApp, type TestApp } from './helpers';

const envelope = (status: number, erro: string, mensagem: string) => ({ sucesso: false, status, erro, mensagem });

/** POST /api/auth/boot (ADR 058): the refresh and a logged-in page's first data in one round trip. */
describe('boot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const boot = (refreshToken: string | undefined, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/boot',
      ...(refreshToken ? { cookies: { [REFRESH_COOKIE]: refreshToken } } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const cookieOf = (res: Awaited<ReturnType<typeof boot>>) => res.cookies.find((c) => c.name === REFRESH_COOKIE);

  it('rotates the refresh cookie like /auth/refresh and answers what the other routes answer, for the same customer', async () => {
    const l = await t.login(CPF_MARIA);
    const res = await boot(l.refreshToken, { start: true, nCtrId: 100104 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    const rotated = cookieOf(res);
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(rotated!.value).not.toBe(l.refreshToken);
    expect(body.tokens).toEqual({ IdToken: expect.any(String), AccessToken: expect.any(String), expiresIn: t.config.tokens.accessSeconds });

    const access = body.tokens.AccessToken as string;
    const same = async (url: string) => (await t.get(url, access)).json();
    expect(body.contracts).toEqual(await same('/api/contracts'));
    expect(body.me).toEqual(await same('/api/me'));
    expect(body.unread).toEqual(await same('/api/notifications/unread-count'));
    expect(body.start).toEqual({
      nCtrId: 100104,
      contract: await same('/api/contracts/100104'),
      bills: await same('/api/contracts/100104/bills'),
      advance: await same('/api/payments/contracts/100104/advance'),
    });
    // The open invoice page asks the payments summary instead.
    const invoice = await boot(rotated!.value, { summary: true, nCtrId: 100104 });
    expect(invoice.statusCode).toBe(200);
    const access2 = invoice.json().tokens.AccessToken as string;
    expect(invoice.json().start).toEqual({
      nCtrId: 100104,
      summary: (await t.get('/api/payments/contracts/100104', access2)).json(),
    });
    const latest = cookieOf(invoice)!;
    // The new cookie works; the spent one is refused by /auth/refresh as any spent one is (after the grace window).
    expect((await t.refresh(latest.value)).statusCode).toBe(200);
  });

  it("without `start` no contract's start data; an asked contract that is not the customer's gets the first selectable one", async () => {
    const l = await t.login(CPF_MARIA);
    const plain = await boot(l.refreshToken);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().start).toBeUndefined();
    expect(plain.json().contracts.length).toBeGreaterThan(0);

    // João's contract asked with Maria's session: never answered; Maria's first selectable contract instead.
    const again = await boot(cookieOf(plain)!.value, { start: true, nCtrId: 200201 });
    expect(again.statusCode).toBe(200);
    const start = again.json().start;
    expect(start.nCtrId).toBe(100101);
    expect(start.contract.nCtrId).toBe(100101);
    expect(JSON.stringify(again.json())).not.toContain('200201');
  });

  it("answers Meu plano, Suporte, Mapa, Notificações and Sinistros as their GET routes do, for the customer's own data only", async () => {
    const l = await t.login(CPF_MARIA);
    // The contract-wide parts, for the chosen contract (Maria's tracked Onix).
    const res = await boot(l.refreshToken, { plan: true, cases: true, trips: true, nCtrId: 100101 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const access = body.tokens.AccessToken as string;
    const same = async (url: string) => (await t.get(url, access)).json();
    expect(body.start).toEqual({
      nCtrId: 100101,
      plan: await same('/api/plan/contracts/100101'),
      cases: await same('/api/cases/contracts/100101'),
      trips: await same('/api/trips/contracts/100101'),
      position: await same('/api/trips/contracts/100101/position'),
    });
    expect(body.start.trips.Itens.length).toBeGreaterThan(0);
    expect(body.mapConfig).toEqual(await same('/api/trips/map-config'));

    // The customer-wide parts: notifications (first page) and preferences, the claims, one claim of hers.
    const claims = await same('/api/claims');
    const caseNumber = claims.sinistros[0].CaseNumber as string;
    const second = await boot(cookieOf(res)!.value, { notifications: true, claims: true, claim: caseNumber });
    expect(second.statusCode).toBe(200);
    const access2 = second.json().tokens.AccessToken as string;
    const same2 = async (url: string) => (await t.get(url, access2)).json();
    expect(second.json()).toMatchObject({
      notifications: await same2('/api/notifications'),
      preferences: await same2('/api/notifications/preferences'),
      claims: await same2('/api/claims'),
      claim: await same2(`/api/claims/cases/${caseNumber}`),
    });
    expect(second.json().start).toBeUndefined();

    // The claim screen of a contract: its entry, and its open claim's view (the screen goes on to it).
    const entry = await boot(cookieOf(second)!.value, { claimEntry: true, nCtrId: 100101 });
    const access3 = entry.json().tokens.AccessToken as string;
    const claimEntry = (await t.get('/api/claims/contracts/100101', access3)).json();
    expect(claimEntry.casoAberto.CaseNumber).toBe(caseNumber);
    expect(entry.json().start).toEqual({ nCtrId: 100101, claimEntry });
    expect(entry.json().claim).toEqual((await t.get(`/api/claims/cases/${caseNumber}`, access3)).json());

    // A contract without a tracker: no trips, no position (the page shows no map for it).
    const untracked = await boot(cookieOf(entry)!.value, { trips: true, nCtrId: 100104 });
    expect(untracked.json().start).toEqual({ nCtrId: 100104 });

    // João: Maria's claim and contract are never answered to him (the claim left out, his own contract instead).
    const joao = await t.login(CPF_JOAO);
    const other = await boot(joao.refreshToken, { claim: caseNumber, plan: true, cases: true, claimEntry: true, nCtrId: 100101 });
    expect(other.statusCode).toBe(200);
    expect(other.json().claim).toBeUndefined();
    expect(other.json().start.nCtrId).toBe(200201);
    expect(other.json().start.plan.nCtrId).toBe(200201);
    expect(other.json().start.claimEntry.nCtrId).toBe(200201);
    expect(JSON.stringify(other.json())).not.toContain('100101');
    expect(JSON.stringify(other.json())).not.toContain(caseNumber);
    // A case number that is not one is refused as any unknown field is.
    expect((await boot(cookieOf(other)!.value, { claim: '../x' })).statusCode).toBe(400);
  });

  it('refuses without a valid cookie as /auth/refresh does (envelope, cookie cleared), and a body with unknown fields', async () => {
    const none = await boot(undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(envelope(401, 'UNAUTHORIZED', 'Sessão expirada. Faça login novamente.'));
    const bogus = await boot('definitely-not-a-refresh-token', { start: true });
    expect(bogus.statusCode).toBe(401);
    expect(cookieOf(bogus)!.value).toBe('');

    const l = await t.login(CPF_JOAO);
    const extra = await boot(l.refreshToken, { start: true, customerId: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await boot(l.refreshToken, { start: true })).json().start.nCtrId).toBe(200201);
  });
});
