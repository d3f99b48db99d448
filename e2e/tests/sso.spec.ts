import { expect, test } from '@playwright/test';
import { mariaSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { expectPath } from '../support/login';

/** Single sign-on (issue 10): a link issued through the API opens the requested page logged in, once. */

// Log in, map and PDF work take a while on a loaded CI machine.
test.describe.configure({ timeout: 90_000 });

const DEMO_SSO_KEY = 'demo-sso-key-guarita-0123456789'; // README: demo mode's issuer key

test('an SSO link lands on the requested page logged in with the contract selected; reused, it shows the error', async ({
  page,
  request,
  browser,
}) => {
  const maria = await newCustomer(request, mariaSpec());
  const res = await request.post('/api/sso/tokens', {
    headers: { 'x-api-key': DEMO_SSO_KEY },
    data: { documento: maria.document.replace(/\D/g, ''), path: '/meu-plano', contractId: maria.contracts.civic },
  });
  expect(res.status()).toBe(201);
  const { link } = (await res.json()) as { link: string };
  const path = new URL(link).pathname;

  await page.goto(path);
  await expectPath(page, '/meu-plano');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu plano' })).toBeVisible();
  const vehicle = page.getByRole('main').getByRole('combobox', { name: 'Veículo' });
  expect(await vehicle.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.label)).toBe('QWE7D89 CIVIC EXL 2.0');

  const other = await browser.newContext();
  try {
    const again = await other.newPage();
    await again.goto(path);
    await expect(again.getByRole('heading', { name: 'Oops! Erro ao autenticar dados.' })).toBeVisible();
    await expect(again).toHaveURL(new RegExp(`${path}$`));
  } finally {
    await other.close();
  }
});

test('a malformed SSO link shows the error', async ({ page }) => {
  await page.goto('/sso/bm90LWpzb24');
  await expect(page.getByRole('heading', { name: 'Oops! Erro ao autenticar dados.' })).toBeVisible();
});
