import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '@guarita/domain';
import { GatewayUnavailableError } from '../../src/ports/card-gateway';
import type { Env } from '../../src/env-schema';
import {
  AdyenCardGateway,
  adyenGatewayFromEnv,
  adyenCheckoutUrl,
  isValidNotificationHmac,
  shopperStatement,
  type AdyenNotification,
} from '../../src/ports/adyen';
import { FakeAdyen, ADYEN_TEST_CARDS, adyenChallengeDetails, adyenTestCard } from './fake-adyen';

/** The Adyen adapter against the local fake of Checkout v71 (issue 27 item 2). The port's contract is card-gateway-contract.ts. */

const secret = () => randomBytes(32).toString('hex');
const merchantAccount = 'GuaritaECOM';
let fake: FakeAdyen;
let gateway: AdyenCardGateway;
const conf = () => ({ apiKey: secret(), merchantAccount, clientKey: `test_${secret()}`, hmacKey: secret().toUpperCase() });
let c: ReturnType<typeof conf>;

const ref = () => `contract:${Math.floor(Math.random() * 1e9)}`;
const key = () => randomUUID();
const returnUrl = 'https://guarita.example/pagamentos';
const lastPayment = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/payments').at(-1)!;
const adapter = (extra: Partial<ConstructorParameters<typeof AdyenCardGateway>[0]> = {}) =>
  new AdyenCardGateway({ ...c, environment: 'test', checkoutUrl: fake.url, timeoutMs: 2000, retries: 1, backoffMs: () => 10, ...extra });
const charge = (reference: string, amount = 12345, card?: ReturnType<typeof adyenTestCard>) => ({
  idempotencyKey: key(),
  reference,
  amount: cents(amount),
  currency: 'BRL' as const,
  installments: 1,
  description: 'Mensalidade Guarita',
  returnUrl,
  ...(card ? { card } : {}),
});

beforeAll(async () => {
  c = conf();
  fake = new FakeAdyen(c);
  await fake.start();
  gateway = adapter();
});
afterAll(() => fake.stop());

describe('Adyen adapter on the fake Checkout API', () => {
  it('tokenize is a zero-amount Ecommerce payment that stores the card under the contract; a charge on file is ContAuth with it', async () => {
    const reference = ref();
    const t = await gateway.tokenize({ idempotencyKey: key(), reference, card: adyenTestCard(ADYEN_TEST_CARDS.visa), returnUrl });
    expect(t).toMatchObject({ status: 'approved', brand: 'visa', last4: '1111' });
    const sent = lastPayment();
    expect(sent).toMatchObject({ method: 'POST', path: '/payments' });
    expect(sent.body).toMatchObject({
      merchantAccount,
      amount: { value: 0, currency: 'BRL' },
      shopperReference: reference,
      storePaymentMethod: true,
      shopperInteraction: 'Ecommerce',
      recurringProcessingModel: 'UnscheduledCardOnFile',
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111' },
    });
    const [stored] = fake.storedCardsOf(reference);

    const r = await gateway.charge(charge(reference));
    expect(r).toMatchObject({ status: 'approved', brand: 'visa', last4: '1111' });
    expect(lastPayment().body).toMatchObject({
      amount: { value: 12345, currency: 'BRL' },
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'UnscheduledCardOnFile',
      paymentMethod: { type: 'scheme', storedPaymentMethodId: stored!.id },
    });
  });

  it('a new card replaces the card on file: one stored card per contract', async () => {
    const reference = ref();
    await gateway.tokenize({ idempotencyKey: key(), reference, card: adyenTestCard(ADYEN_TEST_CARDS.visa), returnUrl });
    const r = await gateway.charge(charge(reference, 5000, adyenTestCard(ADYEN_TEST_CARDS.mastercard)));
    expect(r).toMatchObject({ status: 'approved', brand: 'mc', last4: '4444' });
    expect(fake.storedCardsOf(reference).map((s) => s.lastFour)).toEqual(['4444']);
    expect(await gateway.charge(charge(reference))).toMatchObject({ status: 'approved', last4: '4444' });
  });

  it('a charge of a contract with no stored card is declined without charging anything', async () => {
    const before = fake.payments.length;
    expect(await gateway.charge(charge(ref()))).toMatchObject({ status: 'declined', code: 'no_stored_card' });
    expect(fake.payments.length).toBe(before);
  });

  it('a refusal (resultCode Refused + refusalReason) is a decline with its reason in pt-BR', async () => {
    const r = await gateway.charge(charge(ref(), 9900, adyenTestCard(ADYEN_TEST_CARDS.visa, 'NOT_ENOUGH_BALANCE')));
    expect(r).toMatchObject({ status: 'declined', code: 'insufficient_funds', message: 'Saldo insuficiente.' });
    expect(r.gatewayId).toMatch(/^[0-9A-F]{16}$/);
    const declined = await gateway.tokenize({
      idempotencyKey: key(),
      reference: ref(),
      card: adyenTestCard(ADYEN_TEST_CARDS.visa, 'DECLINED'),
      returnUrl,
    });
    expect(declined).toMatchObject({ status: 'declined', code: 'card_declined', message: 'Cartão recusado pelo emissor.' });
  });

  it('card data Adyen cannot decrypt (422) is a decline, not an unknown outcome', async () => {
    const card = { ...adyenTestCard(ADYEN_TEST_CARDS.visa), encryptedCardNumber: 'adyenjs_0_1_25$garbage' };
    expect(await gateway.charge(charge(ref(), 100, card))).toMatchObject({ status: 'declined', code: 'invalid_card' });
  });

  it('3DS2: ChallengeShopper passes the threeDS2 action through; /payments/details with what the component yields settles it', async () => {
    const reference = ref();
    const first = await gateway.charge(charge(reference, 20000, adyenTestCard(ADYEN_TEST_CARDS.challengeVisa)));
    expect(first).toMatchObject({
      status: 'action_required',
      action: { provider: 'adyen', data: { type: 'threeDS2', subtype: 'challenge' } },
    });
    if (first.status !== 'action_required') throw new Error('no action');
    expect(first.action.data.token).toEqual(expect.any(String));
    const done = await gateway.completeAction({
      gatewayId: first.gatewayId,
      idempotencyKey: key(),
      details: adyenChallengeDetails(first.action.data, true),
    });
    expect(done).toMatchObject({ status: 'approved', gatewayId: first.gatewayId, brand: 'visa', last4: '0000' });
    expect(fake.requests.filter((r) => r.path === '/payments/details').at(-1)!.body).toEqual(
      adyenChallengeDetails(first.action.data, true),
    );
    expect(fake.storedCardsOf(reference)).toHaveLength(1);
  });

  it('3DS2: a failed challenge is a decline (refusal 11)', async () => {
    const first = await gateway.charge(charge(ref(), 20000, adyenTestCard(ADYEN_TEST_CARDS.challengeMastercard)));
    if (first.status !== 'action_required') throw new Error('no action');
    // The browser may post just `details` instead of the whole state.data.
    const details = adyenChallengeDetails(first.action.data, false).details;
    expect(await gateway.completeAction({ gatewayId: first.gatewayId, idempotencyKey: key(), details })).toMatchObject({
      status: 'declined',
      code: '3ds_failed',
    });
  });

  it('a timeout is retried with the same Idempotency-Key and gets the first outcome: one payment at Adyen', async () => {
    const slow = adapter({ timeoutMs: 400, retries: 2 });
    const req = charge(ref(), 7777, adyenTestCard(ADYEN_TEST_CARDS.visa));
    fake.delayNextAnswer(2000);
    const before = fake.payments.length;
    const r = await slow.charge(req);
    expect(r.status).toBe('approved');
    const sent = fake.requests.filter((x) => x.path === '/payments' && (x.body as { reference?: string }).reference === req.idempotencyKey);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((x) => x.idempotencyKey))).toEqual(new Set([req.idempotencyKey]));
    expect(fake.payments.length - before).toBe(1);
    // The caller's own retry later (after a 502) replays the same payment too.
    expect(await slow.charge(req)).toEqual(r);
    expect(fake.payments.length - before).toBe(1);
  });

  it('when every attempt times out the outcome is unknown: GatewayUnavailableError', async () => {
    const slow = adapter({ timeoutMs: 100, retries: 1 });
    fake.delayNextAnswer(1000);
    fake.delayNextAnswer(1000);
    await expect(slow.charge(charge(ref(), 100, adyenTestCard(ADYEN_TEST_CARDS.visa)))).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('a 500 is retried with the same key; 500 on every attempt is GatewayUnavailableError', async () => {
    const req = charge(ref(), 4321, adyenTestCard(ADYEN_TEST_CARDS.visa));
    fake.failNext(1);
    expect(await gateway.charge(req)).toMatchObject({ status: 'approved' });
    fake.failNext(2);
    await expect(gateway.charge(charge(ref(), 1, adyenTestCard(ADYEN_TEST_CARDS.visa)))).rejects.toThrow(/HTTP 500 905/);
  });

  it('a wrong API key is GatewayUnavailableError at once (401 is not retried)', async () => {
    const wrong = adapter({ apiKey: secret() });
    const before = fake.requests.length;
    await expect(wrong.charge(charge(ref(), 100, adyenTestCard(ADYEN_TEST_CARDS.visa)))).rejects.toThrow(/HTTP 401 security/);
    expect(fake.requests.length - before).toBe(1);
  });

  it('an idempotency key longer than 64 characters is sent as its SHA-256 (Adyen allows 64), the same on each attempt', async () => {
    const long = `card:customer-42:${'x'.repeat(80)}`;
    await gateway.charge({ ...charge(ref(), 100, adyenTestCard(ADYEN_TEST_CARDS.visa)), idempotencyKey: long });
    expect(lastPayment().idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a reference longer than Adyen's 80 characters is sent as its SHA-256; the statement text is Adyen's alphabet, 22 at most", async () => {
    const long = `42:${'k'.repeat(100)}`;
    await gateway.charge({
      ...charge(ref(), 100, adyenTestCard(ADYEN_TEST_CARDS.visa)),
      idempotencyKey: long,
      description: 'Antecipação — fatura nº 7 (março)',
    });
    expect(lastPayment().body).toMatchObject({
      reference: expect.stringMatching(/^[0-9a-f]{64}$/),
      shopperStatement: 'Antecipacao fatura n 7',
    });
    expect(shopperStatement('Mensalidade Guarita')).toBe('Mensalidade Guarita');
  });

  it('payment link: POST /paymentLinks with our link id as reference; its url and id come back', async () => {
    const linkId = randomUUID();
    const expiresAt = new Date(Date.now() + 86_400_000);
    const link = await gateway.createPaymentLink({ linkId, reference: ref(), amount: cents(4200), description: 'Antecipação', expiresAt });
    expect(link.url).toMatch(/^https:\/\/test\.adyen\.link\/PL/);
    expect(link.gatewayId).toMatch(/^PL/);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      reference: linkId,
      amount: { value: 4200, currency: 'BRL' },
      expiresAt: expiresAt.toISOString(),
      shopperLocale: 'pt-BR',
    });
  });

  it('refund: POST /payments/{pspReference}/refunds is received (asynchronous); an unknown payment fails', async () => {
    const paid = await gateway.charge(charge(ref(), 3000, adyenTestCard(ADYEN_TEST_CARDS.visa)));
    const r = await gateway.refund({ gatewayId: paid.gatewayId, amount: cents(3000), idempotencyKey: key() });
    expect(r).toEqual({ status: 'received', refundId: expect.stringMatching(/^[0-9A-F]{16}$/) });
    expect(await gateway.refund({ gatewayId: '0000000000000000', amount: cents(1), idempotencyKey: key() })).toMatchObject({
      status: 'failed',
    });
  });

  it('clientConfig gives the browser the client key and environment, never the API key', () => {
    expect(gateway.clientConfig()).toEqual({ provider: 'adyen', clientKey: c.clientKey, environment: 'test' });
    expect(JSON.stringify(gateway.clientConfig())).not.toContain(c.apiKey);
  });

  it('the Checkout URL: test, live with the account prefix, or an override', () => {
    expect(adyenCheckoutUrl({ environment: 'test' })).toBe('https://checkout-test.adyen.com/v71');
    expect(adyenCheckoutUrl({ environment: 'live', liveUrlPrefix: '1797a841fbb37ca7-AdyenDemo' })).toBe(
      'https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout/v71',
    );
    expect(() => adyenCheckoutUrl({ environment: 'live' })).toThrow(/ADYEN_LIVE_URL_PREFIX/);
  });
});

describe('Adyen webhooks (HMAC)', () => {
  const read = <T>(name: string) => JSON.parse(readFileSync(path.join(__dirname, 'fixtures', name), 'utf8')) as T;

  it("the documentation's notification verifies with the signature Adyen's own library computes for it", () => {
    const vector = read<{ hexKeyOfAdyenLibraryTests: string; signature: string }>('hmac-vector.json');
    const n = read<AdyenNotification>('notification-authorisation.json');
    const item = n.notificationItems[0]!.NotificationRequestItem;
    expect(item.additionalData!.hmacSignature).toBe(vector.signature);
    expect(isValidNotificationHmac(item, vector.hexKeyOfAdyenLibraryTests)).toBe(true);
    expect(isValidNotificationHmac({ ...item, amount: { value: 1131, currency: 'EUR' } }, vector.hexKeyOfAdyenLibraryTests)).toBe(false);
  });

  const item = (over: Record<string, unknown> = {}) => ({
    eventCode: 'AUTHORISATION',
    success: 'true',
    pspReference: '8816178952380553',
    merchantAccountCode: merchantAccount,
    merchantReference: 'k-1',
    amount: { value: 12345, currency: 'BRL' },
    ...over,
  });

  it('parses AUTHORISATION, REFUND (the payment is originalReference) and CANCELLATION; other events are verified and left out', () => {
    const body = fake.signedNotification([
      // The card, when the webhook says it: paymentMethod, and additionalData.cardSummary ("Include card summary").
      { ...item({ paymentMethod: 'mc' }), additionalData: { cardSummary: '4444' } },
      item({
        eventCode: 'REFUND',
        pspReference: '8816178952380999',
        originalReference: '8816178952380553',
        merchantReference: 'r-1',
        amount: { value: 500, currency: 'BRL' },
      }),
      item({
        eventCode: 'CANCELLATION',
        success: 'false',
        pspReference: '8816178952381000',
        originalReference: '8816178952380553',
        reason: 'Transaction not found',
      }),
      item({ eventCode: 'CAPTURE' }),
    ]);
    expect(gateway.parseWebhook(Buffer.from(body), {})).toEqual([
      {
        eventId: 'AUTHORISATION:8816178952380553:true',
        kind: 'AUTHORISATION',
        gatewayId: '8816178952380553',
        merchantReference: 'k-1',
        success: true,
        amount: 12345,
        brand: 'mc',
        last4: '4444',
      },
      {
        eventId: 'REFUND:8816178952380999:true',
        kind: 'REFUND',
        gatewayId: '8816178952380553',
        merchantReference: 'r-1',
        success: true,
        amount: 500,
      },
      {
        eventId: 'CANCELLATION:8816178952381000:false',
        kind: 'CANCELLATION',
        gatewayId: '8816178952380553',
        merchantReference: 'k-1',
        success: false,
        amount: 12345,
        reason: 'Transaction not found',
      },
    ]);
  });

  it('one item signed with another key, a changed amount, another merchant account or no JSON: null (nothing applied)', () => {
    expect(gateway.parseWebhook(Buffer.from(fake.signedNotification([item(), item()], secret())), {})).toBeNull();
    const tampered = fake.signedNotification([item()]).replace('12345', '99999');
    expect(gateway.parseWebhook(Buffer.from(tampered), {})).toBeNull();
    expect(gateway.parseWebhook(Buffer.from(fake.signedNotification([item({ merchantAccountCode: 'Other' })])), {})).toBeNull();
    expect(gateway.parseWebhook(Buffer.from('[accepted]'), {})).toBeNull();
    const unsigned = JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item() }] });
    expect(gateway.parseWebhook(Buffer.from(unsigned), {})).toBeNull();
  });
});

describe('adyenGatewayFromEnv (CARD_GATEWAY=adyen)', () => {
  const env = (over: Record<string, unknown> = {}) =>
    ({
      ADYEN_API_KEY: secret(),
      ADYEN_MERCHANT_ACCOUNT: merchantAccount,
      ADYEN_CLIENT_KEY: `test_${secret()}`,
      ADYEN_HMAC_KEY: secret(),
      ADYEN_TIMEOUT_MS: 10_000,
      ...over,
    }) as unknown as Env;

  it('test by a test_ client key; live by a live_ one, which needs the account prefix; a missing key or a non-hex HMAC key refuses', () => {
    expect(adyenGatewayFromEnv(env()).clientConfig()).toMatchObject({ provider: 'adyen', environment: 'test' });
    const live = { ADYEN_CLIENT_KEY: `live_${secret()}` };
    expect(() => adyenGatewayFromEnv(env(live))).toThrow(/ADYEN_LIVE_URL_PREFIX/);
    expect(adyenGatewayFromEnv(env({ ...live, ADYEN_LIVE_URL_PREFIX: 'abc123-Guarita' })).clientConfig()).toMatchObject({
      environment: 'live',
    });
    expect(() => adyenGatewayFromEnv(env({ ADYEN_HMAC_KEY: undefined }))).toThrow(/requires ADYEN_API_KEY/);
    expect(() => adyenGatewayFromEnv(env({ ADYEN_HMAC_KEY: 'not-hex' }))).toThrow(/64 hex/);
  });
});
