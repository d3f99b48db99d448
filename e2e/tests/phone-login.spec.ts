import { expect, test } from '@playwright/test';
import { alfaSpec, horizonteSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { enterCode, expectPath, sendCode, stepHeading } from '../support/login';

/**
 * Issue 8, item 5: on a phone the login card comes before the hero with its button above the fold; the CPF
 * field opens the numeric keypad, with a visible switch to letters for the alphanumeric CNPJ; 'Reenviar
 * código' counts down before it can be used.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('the login card comes first on a phone, with its button above the fold', async ({ page }) => {
  await page.goto('/');
  const loginHeading = page.getByRole('heading', { name: stepHeading.document });
  const hero = page.getByRole('heading', { name: /^Roubou ou furtou\?/ });
  const loginBox = (await loginHeading.boundingBox())!;
  const heroBox = (await hero.boundingBox())!;
  expect(loginBox.y).toBeLessThan(heroBox.y);
  const button = (await page.getByRole('button', { name: 'Continuar' }).boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(740);
});

test('the document field opens the numeric keypad; a visible switch allows letters for an alphanumeric CNPJ', async ({ page, request }) => {
  const company = await newCustomer(request, { ...alfaSpec(), alphanumeric: true });
  await page.goto('/');
  const field = page.getByLabel('CPF ou CNPJ');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  const letters = page.getByRole('checkbox', { name: 'CNPJ com letras' });
  await expect(letters).not.toBeChecked();
  await letters.check();
  await expect(field).toHaveAttribute('inputmode', 'text');
  await expect(field).toBeFocused();
  await field.pressSequentially(company.document.replace(/\W/g, ''), { delay: 10 });
  await expect(field).toHaveValue(company.document);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const code = await sendCode(page, request, company);
  await enterCode(page, code);
  await expectPath(page, '/dashboard');
});

test("'Reenviar código' counts down before it can be used", async ({ page, request }) => {
  const company = await newCustomer(request, horizonteSpec());
  await page.clock.install();
  await page.goto('/');
  await page.getByLabel('CPF ou CNPJ').fill(company.document);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await sendCode(page, request, company);

  const resend = page.getByRole('button', { name: /^Reenviar código/ });
  await expect(resend).toBeDisabled();
  // Stop the page's clock to read the countdown; then move it on by hand.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  const left = Number((await resend.textContent())?.match(/^Reenviar código em (\d+) s$/)?.[1]);
  expect(left).toBeGreaterThan(10);
  expect(left).toBeLessThanOrEqual(30);
  await page.clock.runFor(5_000);
  await expect(resend).toHaveText(`Reenviar código em ${left - 5} s`);
  await expect(resend).toBeDisabled();
  await page.clock.runFor(left * 1000);
  await expect(resend).toBeEnabled();
  await expect(resend).toHaveText('Reenviar código');
  await resend.click();
  await expect(page.getByRole('heading', { name: stepHeading.channel })).toBeVisible();
});
