import { expect, test, type Page } from '@playwright/test';
import { alfaSpec, carlaSpec, horizonteSpec, mariaSpec } from '../support/customers';
import { expectPath, loggedIn } from '../support/login';

/**
 * Plan change as a customer (issue 12 §2): Alfa Log's Hilux (GUARITA_COMPLETO_SP, pick-up, assistance without
 * towing) adds towing at 400 km; Maria's Onix toggles to annual; Horizonte's COBRE plan gets the executive modal.
 * Every value is the server's quotation from the seeded price table (ADR 051).
 */

test.describe.configure({ timeout: 90_000 });

const TEL = '31987654321';
const main = (page: Page) => page.getByRole('main');

test('a monthly plan change adding towing with a km choice: overlay, then the case in Minhas solicitações', async ({ page, request }) => {
  const alfa = await loggedIn(page, request, alfaSpec());
  await page.goto(`/suporte/${alfa.contracts.hilux}?area=Alteracao-de-Plano`);
  await expect(main(page).getByText('Hilux SRV 2.8 · ALF8H90')).toBeVisible();
  // Perda Total R$ 259,08 (SP, CAT_FIPE_110K, +20 % pick-up) + tracker R$ 32,90 + assistance R$ 32,90 + glass R$ 16,90.
  await expect(main(page).getByText('Valor mensal: R$ 341,78')).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirmar alteração' });
  await page.getByLabel('Estou de acordo com a alteração.').check();
  await expect(confirm).toBeDisabled(); // monthly: nothing changed yet

  await main(page).getByRole('region', { name: 'Disponível' }).getByRole('button', { name: 'Adicionar Reboque' }).click();
  const picker = page.getByRole('dialog', { name: 'Distância do reboque' });
  await picker.getByRole('radio', { name: /Reboque até 400 km/ }).check();
  await picker.getByRole('button', { name: 'Confirmar' }).click();
  await expect(main(page).getByRole('region', { name: 'Adquirido' })).toContainText('Reboque até 400 km');
  await expect(main(page).getByText('Valor mensal: R$ 358,68')).toBeVisible();

  await page.getByLabel('Telefone para contato (celular)').pressSequentially(TEL);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  const overlay = page.getByRole('dialog', { name: 'Alteração de plano efetuada!' });
  await expect(overlay).toContainText('Adicionado: Reboque até 400 km');
  await overlay.getByRole('button', { name: 'Fechar' }).click();
  await expectPath(page, '/suporte');
  const list = main(page).getByRole('region', { name: /Minhas solicitações/ });
  await expect(list.getByRole('button', { name: /Alteração de Plano/ }).filter({ hasText: 'Aberto' })).toHaveCount(1);
});

test('the annual toggle reloads the quotation in installments', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await page.goto(`/suporte/${maria.contracts.onix}?area=Alteracao-de-Plano`);
  await expect(main(page).getByText(/^Valor mensal: R\$/)).toBeVisible();
  await page.getByRole('radio', { name: 'Anual' }).check();
  await expect(main(page).getByText(/em 12x de R\$\s\d+,\d{2}/)).toBeVisible();
  await page.getByLabel('Estou de acordo com a alteração.').check();
  await expect(page.getByRole('button', { name: 'Confirmar alteração' })).toBeEnabled();
});

test('a COBRE plan: the sales executive and a messaging link instead of the form', async ({ page, request }) => {
  const horizonte = await loggedIn(page, request, horizonteSpec());
  await page.goto(`/suporte/${horizonte.contracts.fiorino}?area=Alteracao-de-Plano`);
  const modal = page.getByRole('dialog', { name: 'Alteração indisponível online' });
  await expect(modal).toContainText('Renata Figueiredo');
  await expect(modal.getByRole('link', { name: 'Falar pelo WhatsApp' })).toHaveAttribute('href', /wa\.me\/5531991234567/);
  await expect(page.getByRole('button', { name: 'Confirmar alteração' })).toHaveCount(0);
});

test("a plan no longer in its state's list: the spec's message, from the seeded contract, and no form", async ({ page, request }) => {
  const carla = await loggedIn(page, request, carlaSpec());
  await page.goto(`/suporte/${carla.contracts.classico}?area=Alteracao-de-Plano`);
  await expect(main(page).getByRole('alert')).toHaveText(
    'Seu plano atual não está disponível para alteração. Por favor, entre em contato com o suporte.',
  );
  await expect(page.getByRole('button', { name: 'Confirmar alteração' })).toHaveCount(0);
});
