import { expect, test } from '@playwright/test';
import { MARIA } from '../support/demo';
import { enterCode, enterDocument, login, sendCode, stepHeading } from '../support/login';

/** Issue 24 item 10: an address behind the login (a claim e-mail's link) survives the login. */

test('a claim link opened logged out asks for the login, then opens that claim', async ({ page, request, browser }) => {
  // The address of one of Maria's claims, as its e-mail links it.
  await login(page, request, MARIA);
  await page.goto('/sinistros');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Acompanhar|\d{4}-\d{6}/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/sinistros\/consulta\/\d{4}-\d{6}$/);
  const claim = new URL(page.url()).pathname;

  // Another browser, logged out: the link goes to the login, which then lands on the claim.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pt-BR' });
  const other = await context.newPage();
  await other.goto(claim);
  await expect(other).toHaveURL(`/?voltar=${encodeURIComponent(claim)}`);
  await expect(other.getByRole('heading', { name: stepHeading.document })).toBeVisible();
  await enterDocument(other, MARIA.document);
  await enterCode(other, await sendCode(other, request, MARIA));
  await expect(other).toHaveURL(claim);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});

test('a return address that is not a customer page of this site is ignored: the login lands on the start page', async ({
  page,
  request,
}) => {
  await page.goto(`/?voltar=${encodeURIComponent('//evil.example/sinistros')}`);
  await enterDocument(page, MARIA.document);
  await enterCode(page, await sendCode(page, request, MARIA));
  await expect(page).toHaveURL('/dashboard');
});
