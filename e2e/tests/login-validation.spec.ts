import { expect, test } from '@playwright/test';
import { horizonteSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { enterCode, enterDocument, expectPath, sendCode, stepHeading } from '../support/login';

test.describe('login messages', () => {
  test('the CPF/CNPJ step: empty and invalid documents', async ({ page }) => {
    await page.goto('/');
    const field = page.getByLabel('CPF ou CNPJ');

    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Preencha o campo acima', { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    // Right length, wrong check digits.
    await enterDocument(page, '123.456.789-00');
    await expect(page.getByText('CPF ou CNPJ inválidos!', { exact: true })).toBeVisible();
    await expect(page.getByText('Preencha o campo acima')).toHaveCount(0);

    // Too short.
    await enterDocument(page, '529.982.247');
    await expect(page.getByText('CPF ou CNPJ inválidos!', { exact: true })).toBeVisible();

    // Still on the first step.
    await expect(page.getByRole('heading', { name: stepHeading.document })).toBeVisible();
    await expect(page.getByRole('heading', { name: stepHeading.channel })).toHaveCount(0);
  });

  test('the code step: empty code, wrong code, resend back to the channel step', async ({ page, request }) => {
    const company = await newCustomer(request, horizonteSpec());
    await page.clock.install();
    await page.goto('/');
    await enterDocument(page, company.document);
    const code = await sendCode(page, request, company);

    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Preencha o campo com o código de validação', { exact: true })).toBeVisible();

    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    await enterCode(page, wrong);
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível validar código.' })).toBeVisible();
    await expectPath(page, '/');

    // 'Reenviar código' (once its countdown is over) goes back to choosing where the code goes; a new code then logs in.
    await page.clock.runFor(30_000);
    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await expect(page.getByRole('heading', { name: stepHeading.channel })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^SMS para/ })).toBeChecked();
    const fresh = await sendCode(page, request, company, 'email');
    // Its address is cliente<n>@e2e.example.com.
    await expect(page.getByText(/Enviamos um código de 6 dígitos para cl\*+@e\*+\.com/)).toBeVisible();
    await expect(page.getByLabel('Código de validação')).toHaveValue('');
    await enterCode(page, fresh);
    await expectPath(page, '/dashboard');
    await expect(page.getByText('Olá, Horizonte Cargas!').filter({ visible: true })).toBeVisible();
  });
});
