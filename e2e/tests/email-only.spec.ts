import { expect, test } from '@playwright/test';
import { JOAO } from '../support/demo';
import { enterCode, enterDocument, expectPath, sendAndReadCode, stepHeading } from '../support/login';

test('a customer without an SMS number gets the code by e-mail, the default and only channel', async ({ page, request }) => {
  await page.goto('/');
  await enterDocument(page, JOAO.document);
  await expect(page.getByRole('heading', { name: stepHeading.channel })).toBeVisible();

  const email = page.getByRole('radio', { name: /^E-mail para/ });
  await expect(email).toHaveAccessibleName(/^E-mail para jo\*+@e\*+\.com$/);
  await expect(email).toBeChecked();
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /SMS/ })).toHaveCount(0);

  const code = await sendAndReadCode(request, JOAO.email!, async () => {
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByRole('heading', { name: stepHeading.code })).toBeVisible();
  });
  await expect(page.getByText(/Enviamos um código de 6 dígitos para jo\*+@e\*+\.com/)).toBeVisible();
  await enterCode(page, code);
  await expectPath(page, '/dashboard');
  await expect(page.getByText('Olá, João!').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PQR2E34 GOL 1.6');
});
