import { expect, test } from '@playwright/test';
import { MSG, NOTIFICATION_MSG } from '@guarita/domain';
import { alfaSpec, joaoSpec } from '../support/customers';
import { loggedIn } from '../support/login';
import { untilTheAppOwns } from '../support/browser-render';

// A form's checks are a module loaded on demand (ADR 025). When it cannot be loaded (the connection dropped while the
// page was open), sending says so instead of waiting silently, keeps what was filled in, and works once it loads.
test('a form whose checks cannot be loaded says so, keeps the choices, and sends once they load', async ({ page, request }) => {
  await loggedIn(page, request, joaoSpec());
  const blocked = /\/assets\/preferences-checks-[^/]*\.js$/;
  await page.route(blocked, (route) => route.abort('internetdisconnected'));
  await page.goto('/notificacoes');

  const prefs = page.getByRole('group', { name: 'Avisos por e-mail de:' });
  const first = prefs.getByRole('checkbox').first();
  await expect(first).toBeVisible();
  const was = await first.isChecked();
  await first.setChecked(!was);
  await page.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.formNotReady })).toBeVisible();
  await expect(first).toBeChecked({ checked: !was });

  await page.unroute(blocked);
  await page.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(page.getByRole('status').filter({ hasText: NOTIFICATION_MSG.saved })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MSG.formNotReady })).toHaveCount(0);
});

// /antecipacao's form code itself comes after the forecast (ADR 025, seventh pass): a tap made when it cannot be
// loaded says so, keeps the method, is not sent later by itself, and works once the code loads.
test('the advance form whose code cannot be loaded says so, keeps the method, and answers once it loads', async ({ page, request }) => {
  // Alfa's Hilux is never eligible: asking shows 'Antecipação não disponível' without a request.
  await loggedIn(page, request, alfaSpec());
  const blocked = /\/assets\/AdvanceForm-[^/]*\.js$/;
  await page.route(blocked, (route) => route.abort('internetdisconnected'));
  await page.goto('/antecipacao');
  const main = page.getByRole('main');
  const sheet = page.getByRole('dialog', { name: 'Antecipação não disponível' });
  await sheet.getByRole('button', { name: 'Entendi' }).click();
  await expect(sheet).toBeHidden();

  const method = main.getByRole('combobox', { name: 'Método de pagamento' });
  await method.selectOption({ label: 'Link de pagamento' });
  await main.getByRole('button', { name: 'Solicitar Antecipação' }).click();
  await expect(main.getByRole('alert').filter({ hasText: MSG.formNotReady })).toBeVisible();
  await expect(method.locator('option:checked')).toHaveText('Link de pagamento');
  await expect(sheet).toBeHidden();

  await page.unroute(blocked);
  await main.getByRole('button', { name: 'Solicitar Antecipação' }).click();
  await expect(sheet).toBeVisible();
  await expect(main.getByRole('alert').filter({ hasText: MSG.formNotReady })).toHaveCount(0);
});

test('the card form whose checks cannot be loaded says so, and is ready once they load', async ({ page, request }) => {
  await loggedIn(page, request, joaoSpec());
  const blocked = /\/assets\/card-checks-[^/]*\.js$/;
  await page.route(blocked, (route) => route.abort('internetdisconnected'));
  await page.goto('/pagamentos/adicionar-cartao');
  const number = page.getByLabel('Número do cartão');
  await untilTheAppOwns(number);
  await number.fill('4111 1111 1111 1111');
  await expect(page.getByRole('alert').filter({ hasText: MSG.formNotReady })).toBeVisible();
  await expect(number).toHaveValue(/4111/);

  await page.unroute(blocked);
  await page.getByLabel('Validade (MM/AA)').focus();
  await expect(page.getByRole('alert').filter({ hasText: MSG.formNotReady })).toHaveCount(0);
  await expect(number).toHaveValue(/4111/);
});
