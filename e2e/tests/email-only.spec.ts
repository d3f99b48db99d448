import { expect, test } from '@playwright/test';
import { joaoSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { enterCode, enterDocument, expectPath, sendAndReadCode, stepHeading } from '../support/login';

test('a customer without an SMS number gets the code by e-mail, the default and only channel', async ({ page, request }) => {
  const customer = await newCustomer(request, joaoSpec());
  await page.goto('/');
  await enterDocument(page, customer.document);
  await expect(page.getByRole('heading', { name: stepHeading.channel })).toBeVisible();

  // Their address is cliente<n>@e2e.example.com.
  const email = page.getByRole('radio', { name: /^E-mail para/ });
  await expect(email).toHaveAccessibleName(/^E-mail para cl\*+@e\*+\.com$/);
  await expect(email).toBeChecked();
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /SMS/ })).toHaveCount(0);

  const code = await sendAndReadCode(request, customer.email!, async () => {
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByRole('heading', { name: stepHeading.code })).toBeVisible();
  });
  await expect(page.getByText(/Enviamos um código de 6 dígitos para cl\*+@e\*+\.com/)).toBeVisible();
  await enterCode(page, code);
  await expectPath(page, '/dashboard');
  await expect(page.getByText('Olá, João!').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PQR2E34 GOL 1.6');
});
