import { expect, test } from '@playwright/test';
import { ALFA, HORIZONTE } from '../support/demo';
import { enterCode, expectPath, sendCode, stepHeading } from '../support/login';

test('a company logs in with its CNPJ typed without the mask', async ({ page, request }) => {
  await page.goto('/');
  const field = page.getByLabel('CPF ou CNPJ');
  await field.fill('11222333000181');
  await expect(field).toHaveValue(HORIZONTE.document);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('radio', { name: /^SMS para \(31\) \*+-7766$/ })).toBeChecked();
  await enterCode(page, await sendCode(page, request, HORIZONTE));
  await expectPath(page, '/dashboard');
  await expect(page.getByText('Olá, Horizonte Cargas!').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FRT5G67 FIORINO ENDURANCE 1.4');
});

test('a company logs in with the alphanumeric CNPJ, typed in lower case', async ({ page, request }) => {
  await page.goto('/');
  const field = page.getByLabel('CPF ou CNPJ');
  await field.pressSequentially('12abc34501de35', { delay: 20 });
  await expect(field).toHaveValue(ALFA.document);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: stepHeading.channel })).toBeVisible();
  await enterCode(page, await sendCode(page, request, ALFA));
  await expectPath(page, '/dashboard');
  await expect(page.getByText('Olá, Alfa Log!').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ALF8H90 HILUX SRV 2.8');

  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Cadastro', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Dados pessoais' })).toContainText('12.ABC.345/01DE-35');
});
