import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/** The app with CARD_GATEWAY=adyen (issue 27 item 2): what the browser is allowed to load for Adyen's component. */

function parseCsp(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

const adyenEnv = () => ({
  CARD_GATEWAY: 'adyen',
  ADYEN_API_KEY: randomBytes(24).toString('base64url'),
  ADYEN_MERCHANT_ACCOUNT: 'GuaritaECOM',
  ADYEN_CLIENT_KEY: `test_${randomBytes(16).toString('hex').toUpperCase()}`,
  ADYEN_HMAC_KEY: randomBytes(32).toString('hex').toUpperCase(),
});

describe('Content-Security-Policy with Adyen as the card provider', () => {
  let adyen: TestApp;
  let sandbox: TestApp;
  beforeAll(async () => {
    adyen = await createTestApp({ env: adyenEnv() });
    sandbox = await createTestApp();
  }, 120_000);
  afterAll(() => Promise.all([adyen?.close(), sandbox?.close()]));

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
