import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, createTestApp, type TestApp } from './helpers';
import { CLAIM_LIKE, aBill, aCase, aClaim, aContract, aCustomer, aSession, someTrips } from './factories';

const envelope = (status: number, erro: string, mensagem: string) => ({ sucesso: false, status, erro, mensagem });

/** POST /api/auth/boot (ADR 058): the refresh and a logged-in page's first data in one round trip. */
describe('boot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  const boot = (refreshToken: string | undefined, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/boot',
      ...(refreshToken ? { cookies: { [REFRESH_COOKIE]: refreshToken } } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const cookieOf = (res: Awaited<ReturnType<typeof boot>>) => res.cookies.find((c) => c.name === REFRESH_COOKIE);

  /**
   * A customer of the test's own (ADR 070), logged in: a tracked car with its trips, a paid and an open bill, an open
   * claim and a support case; and an annual plan without a tracker, with an overdue and an open bill.
   */
  async function aCustomerWithTwoContracts() {
    const customer = await aCustomer(t);
    const tracked = await aContract(t, customer);
    await aBill(t, tracked, { status: 'P' });
    await aBill(t, tracked, { status: 'A' });
    await someTrips(t, tracked, { count: 3, lastEndedHoursAgo: 2, parkedMinutesAgo: 30 });
    const claim = await aClaim(t, tracked, CLAIM_LIKE.collisionInDocumentation);
    await aCase(t, tracked, { daysAgo: 5, request: { tipo: 'ouvidoria', telefone: '(31) 98765-4321', descricao: 'Demorou.' } });
    const untracked = await aContract(t, customer, {
      idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG',
      planName: 'Guarita Essencial Anual',
      tracker: false,
      items: ['roubo_furto', 'assistencia', 'colisao'],
    });
    await aBill(t, untracked, { status: 'I' });
    await aBill(t, untracked, { status: 'A' });
    const login = await aSession(t, customer);
    return { customer, tracked: tracked.nCtrId, untracked: untracked.nCtrId, claim, login };
  }

  it('rotates the refresh cookie like /auth/refresh and answers what the other routes answer, for the same customer', async () => {
    const { untracked, login: l } = await aCustomerWithTwoContracts();
    const res = await boot(l.refreshToken, { start: true, nCtrId: untracked });
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
      nCtrId: untracked,
      contract: await same(`/api/contracts/${untracked}`),
      bills: await same(`/api/contracts/${untracked}/bills`),
      advance: await same(`/api/payments/contracts/${untracked}/advance`),
    });
    expect(body.start.bills.bills).toHaveLength(2);
    // The open invoice page asks the payments summary instead.
    const invoice = await boot(rotated!.value, { summary: true, nCtrId: untracked });
    expect(invoice.statusCode).toBe(200);
    const access2 = invoice.json().tokens.AccessToken as string;
    expect(invoice.json().start).toEqual({
      nCtrId: untracked,
      summary: (await t.get(`/api/payments/contracts/${untracked}`, access2)).json(),
    });
    const latest = cookieOf(invoice)!;
    // The new cookie works; the spent one is refused by /auth/refresh as any spent one is (after the grace window).
    expect((await t.refresh(latest.value)).statusCode).toBe(200);
  });

  it("without `start` no contract's start data; an asked contract that is not the customer's gets the first selectable one", async () => {
    const { tracked, untracked, login: l } = await aCustomerWithTwoContracts();
    const other = await aContract(t, await aCustomer(t));
    const plain = await boot(l.refreshToken);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().start).toBeUndefined();
    expect(plain.json().contracts.map((c: { nCtrId: number }) => c.nCtrId)).toEqual([tracked, untracked]);

    // Another customer's contract asked with this session: never answered; the first selectable contract instead.
    const again = await boot(cookieOf(plain)!.value, { start: true, nCtrId: other.nCtrId });
    expect(again.statusCode).toBe(200);
    const start = again.json().start;
    expect(start.nCtrId).toBe(tracked);
    expect(start.contract.nCtrId).toBe(tracked);
    expect(JSON.stringify(again.json())).not.toContain(String(other.nCtrId));
  });

  it("answers Meu plano, Suporte, Mapa, Notificações and Sinistros as their GET routes do, for the customer's own data only", async () => {
    const { tracked, untracked, claim, login: l } = await aCustomerWithTwoContracts();
    // The contract-wide parts, for the chosen contract (the tracked car).
    const res = await boot(l.refreshToken, { plan: true, cases: true, trips: true, nCtrId: tracked });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const access = body.tokens.AccessToken as string;
    const same = async (url: string) => (await t.get(url, access)).json();
    expect(body.start).toEqual({
      nCtrId: tracked,
      plan: await same(`/api/plan/contracts/${tracked}`),
      cases: await same(`/api/cases/contracts/${tracked}`),
      trips: await same(`/api/trips/contracts/${tracked}`),
      position: await same(`/api/trips/contracts/${tracked}/position`),
    });
    expect(body.start.trips.Itens).toHaveLength(3);
    expect(body.start.cases.casos).toHaveLength(1);
    expect(body.mapConfig).toEqual(await same('/api/trips/map-config'));

    // The customer-wide parts: notifications (first page) and preferences, the claims, one claim of the customer's.
    expect((await same('/api/claims')).sinistros.map((c: { CaseNumber: string }) => c.CaseNumber)).toEqual([claim]);
    const caseNumber = claim;
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
    const entry = await boot(cookieOf(second)!.value, { claimEntry: true, nCtrId: tracked });
    const access3 = entry.json().tokens.AccessToken as string;
    const claimEntry = (await t.get(`/api/claims/contracts/${tracked}`, access3)).json();
    expect(claimEntry.casoAberto.CaseNumber).toBe(caseNumber);
    expect(entry.json().start).toEqual({ nCtrId: tracked, claimEntry });
    expect(entry.json().claim).toEqual((await t.get(`/api/claims/cases/${caseNumber}`, access3)).json());

    // A contract without a tracker: no trips, no position (the page shows no map for it).
    const noTracker = await boot(cookieOf(entry)!.value, { trips: true, nCtrId: untracked });
    expect(noTracker.json().start).toEqual({ nCtrId: untracked });

    // Another customer: this one's claim and contract are never answered (the claim left out, its own contract instead).
    const stranger = await aCustomer(t);
    const own = await aContract(t, stranger);
    const strangerLogin = await aSession(t, stranger);
    const other = await boot(strangerLogin.refreshToken, { claim: caseNumber, plan: true, cases: true, claimEntry: true, nCtrId: tracked });
    expect(other.statusCode).toBe(200);
    expect(other.json().claim).toBeUndefined();
    expect(other.json().start.nCtrId).toBe(own.nCtrId);
    expect(other.json().start.plan.nCtrId).toBe(own.nCtrId);
    expect(other.json().start.claimEntry.nCtrId).toBe(own.nCtrId);
    expect(JSON.stringify(other.json())).not.toContain(String(tracked));
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

    const customer = await aCustomer(t);
    const contract = await aContract(t, customer);
    const l = await aSession(t, customer);
    const extra = await boot(l.refreshToken, { start: true, customerId: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await boot(l.refreshToken, { start: true })).json().start.nCtrId).toBe(contract.nCtrId);
  });
});
