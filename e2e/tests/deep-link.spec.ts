import { expect, test } from '@playwright/test';
import { mariaSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { enterCode, enterDocument, sendCode, stepHeading } from '../support/login';

/** Issue 24 item 10: an address behind the login (a claim e-mail's link) survives the login. */

test('a claim link opened logged out asks for the login, then opens that claim', async ({ page, request }) => {
  const customer = await newCustomer(request, mariaSpec());
  // The address of the customer's collision claim, as its e-mail links it.
  const claim = `/sinistros/consulta/${customer.claims[0]}`;
  await page.goto(claim);
  await expect(page).toHaveURL(`/?voltar=${encodeURIComponent(claim)}`);
  await expect(page.getByRole('heading', { name: stepHeading.document })).toBeVisible();
  await enterDocument(page, customer.document);
  await enterCode(page, await sendCode(page, request, customer));
  await expect(page).toHaveURL(claim);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Etapas' })).toBeVisible();
});

test('a return address that is not a customer page of this site is ignored: the login lands on the start page', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request, mariaSpec());
  await page.goto(`/?voltar=${encodeURIComponent('//evil.example/sinistros')}`);
  await enterDocument(page, customer.document);
  await enterCode(page, await sendCode(page, request, customer));
  await expect(page).toHaveURL('/dashboard');
});
