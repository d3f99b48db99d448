import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aBill, aLoggedInCustomer } from '../factories';
import { createTestApp, type TestApp } from '../helpers';
import { ADYEN_TEST_CARDS, FakeAdyen, adyenTestCard } from './fake-adyen';

/** The app with CARD_GATEWAY=adyen (issue 27 item 2): what the browser is allowed to load for Adyen's component. */

function parseCsp(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

const adyenKeys = () => ({
  apiKey: randomBytes(24).toString('base64url'),
  merchantAccount: 'GuaritaECOM',
  hmacKey: randomBytes(32).toString('hex').toUpperCase(),
});
const adyenEnv = (k: ReturnType<typeof adyenKeys>, checkoutUrl: string) => ({
  CARD_GATEWAY: 'adyen',
  ADYEN_API_KEY: k.apiKey,
  ADYEN_MERCHANT_ACCOUNT: k.merchantAccount,
  ADYEN_CLIENT_KEY: `test_${randomBytes(16).toString('hex').toUpperCase()}`,
  ADYEN_HMAC_KEY: k.hmacKey,
  ADYEN_CHECKOUT_URL: checkoutUrl,
});

describe('CARD_GATEWAY=adyen: the app built from the ADYEN_* configuration', () => {
  let adyen: TestApp;
  let sandbox: TestApp;
  let fake: FakeAdyen;
  let env: ReturnType<typeof adyenEnv>;
  beforeAll(async () => {
    const keys = adyenKeys();
    fake = new FakeAdyen(keys);
    env = adyenEnv(keys, await fake.start());
    adyen = await createTestApp({ env });
    sandbox = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await Promise.all([adyen?.close(), sandbox?.close()]);
    await fake?.stop();
  });

  it('serves the browser the client key (never the API key) and pays a bill through Adyen (here: the fake at ADYEN_CHECKOUT_URL)', async () => {
    const cfg = await adyen.get('/api/payments/card/client-config');
    expect(cfg.json()).toEqual({ provider: 'adyen', clientKey: env.ADYEN_CLIENT_KEY, environment: 'test' });
    expect(cfg.body).not.toContain(env.ADYEN_API_KEY);
    const c = await aLoggedInCustomer(adyen);
    const bill = await aBill(adyen, c.contract, { status: 'I' });
    const res = await c.call(
      'POST',
      `/api/payments/contracts/${c.contract.nCtrId}/card-payment`,
      { faturas: [bill.docEntry], valorTotal: bill.total, dadosDoCartao: adyenTestCard(ADYEN_TEST_CARDS.mastercard) },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBe(200);
    expect(fake.payments.at(-1)).toMatchObject({ amount: bill.total, resultCode: 'Authorised', shopperInteraction: 'Ecommerce' });
    expect(fake.storedCardsOf(`contract:${c.contract.nCtrId}`)).toEqual([expect.objectContaining({ lastFour: '4444', brand: 'mc' })]);
  });

  it("allows Adyen's secured-field frames, API and logos, and the issuer's 3DS frame and form; scripts stay our own", async () => {
    const csp = parseCsp((await adyen.get('/healthz')).headers['content-security-policy']);
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://checkoutshopper-test.adyen.com', 'https://checkoutshopper-test.cdn.adyen.com', 'https:']),
    );
    expect(csp['connect-src']).toEqual(["'self'", 'https://checkoutshopper-test.adyen.com', 'https://checkoutshopper-test.cdn.adyen.com']);
    expect(csp['img-src']).toContain('https://checkoutshopper-test.adyen.com');
    expect(csp['form-action']).toEqual(["'self'", 'https:']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('the sandbox (and the demo) keep the strict policy: no frames of anyone else, forms to ourselves only', async () => {
    const csp = parseCsp((await sandbox.get('/healthz')).headers['content-security-policy']);
    expect(csp['frame-src']).toBeUndefined(); // default-src 'self'
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });
});
