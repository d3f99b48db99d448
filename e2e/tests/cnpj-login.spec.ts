import { expect, test } from '@playwright/test';
import { alfaSpec, horizonteSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { enterCode, expectPath, sendCode, stepHeading } from '../support/login';

test('a company logs in with its CNPJ typed without the mask', async ({ page, request }) => {
  const company = await newCustomer(request, horizonteSpec());
  await page.goto('/');
  const field = page.getByLabel('CPF ou CNPJ');
  await field.fill(company.document.replace(/\W/g, ''));
  await expect(field).toHaveValue(company.document);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^SMS para \\(31\\) \\*+-${company.sms!.slice(-4)}$`) })).toBeChecked();
  await enterCode(page, await sendCode(page, request, company));
  await expectPath(page, '/dashboard');
  await expect(page.getByText('Olá, Horizonte Cargas!').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FRT5G67 FIORINO ENDURANCE 1.4');
});

test('a company logs in with the alphanumeric CNPJ, typed in lower case', async ({ page, request }) => {
  const company = await newCustomer(request, { ...alfaSpec(), alphanumeric: true });
  await page.goto('/');
  const field = page.getByLabel('CPF ou CNPJ');
  await field.pressSequentially(company.document.replace(/\W/g, '').toLowerCase(), { delay: 20 });
  await expect(field).toHaveValue(company.document);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: stepHeading.channel })).toBeVisible();
  await enterCode(page, await sendCode(page, request, company));
  await expectPath(page, '/dashboard');
  await expect(page.getByText('Olá, Alfa Log!').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ALF8H90 HILUX SRV 2.8');

  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Cadastro', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Dados pessoais' })).toContainText(company.document);
});
