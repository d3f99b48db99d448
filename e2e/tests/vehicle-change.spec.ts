import { expect, test, type Page } from '@playwright/test';
import { carlaSpec, pedroSpec } from '../support/customers';
import { loggedIn } from '../support/login';

/**
 * Vehicle change / plate correction as a customer (issue 12 §4): plate lookup on leaving the field (found, not
 * permitted, above the maximum), the unplated mode with a chassis, and the server's answer. Carla's Argo ('late':
 * a recently paid overdue bill blocks only the spare car) sends the plated request, Pedro's HB20 the unplated one.
 */
test.describe.configure({ timeout: 90_000 });

const main = (page: Page) => page.getByRole('main');

async function open(page: Page, nCtrId: number) {
  await page.goto(`/suporte/${nCtrId}`);
  await page.getByLabel('Tipo de solicitação').selectOption({ label: 'Troca de Veículo / Correção de Placa' });
  await page.getByLabel('Telefone para contato (celular)').fill('31987654321');
}

test('by plate: not permitted and above the maximum are explained; a found vehicle is sent', async ({ page, request }) => {
  const carla = await loggedIn(page, request, carlaSpec());
  await open(page, carla.contracts.late!);
  const form = main(page).getByRole('form', { name: 'Troca de Veículo / Correção de Placa' });
  await form.getByLabel('Caso').selectOption('Troca de Veículo');
  const plate = form.getByLabel('Placa', { exact: true });

  await plate.fill('EVO1X23');
  await plate.blur();
  const notPermitted = page.getByRole('dialog', { name: 'Ops, veículo não permitido' });
  await expect(notPermitted).toContainText('Este modelo de veículo não é permitido para contratação do seguro.');
  await notPermitted.getByRole('button', { name: 'Voltar' }).click();
  await expect(form.getByRole('alert')).toContainText('Veículo não aceito');

  await plate.fill('PRS9A11');
  await plate.blur();
  await expect(form.getByRole('alert')).toHaveText('O valor do veículo na tabela FIPE é maior que o máximo para contratação do seguro.');
  await form.getByLabel('Estou de acordo com a alteração').check();
  await expect(form.getByRole('button', { name: 'Enviar solicitação' })).toBeDisabled();

  await plate.fill('ZZZ9Z99');
  await plate.blur();
  const notFound = page.getByRole('dialog', { name: 'Não foi possível recuperar valores (FIPE) do veículo!' });
  await expect(notFound).toContainText('Verifique a placa ou tente novamente mais tarde.');
  await notFound.getByRole('button', { name: 'Voltar' }).click();

  await plate.fill('BRA2E19');
  await plate.blur();
  await expect(form.getByRole('definition').filter({ hasText: 'T-Cross' })).toBeVisible();
  await expect(form.getByLabel('Faixa FIPE')).toHaveValue('130'); // preselected from the FIPE value
  await form.getByLabel('Tipo de veículo').selectOption({ label: 'Pick-up / SUV / Caminhonete' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Sua solicitação foi enviada com sucesso!' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: /Minhas solicitações/ })).toContainText('Troca de Veículo');
});

test('unplated: chassis spaced 3-6-2-6 and validated, brand, model and year by hand', async ({ page, request }) => {
  const pedro = await loggedIn(page, request, pedroSpec());
  await open(page, pedro.contracts.hb20!);
  const form = main(page).getByRole('form', { name: 'Troca de Veículo / Correção de Placa' });
  await form.getByLabel('Caso').selectOption('Correção de Placa');
  await form.getByLabel('Placa', { exact: true }).fill('ABC1234');
  await form.getByLabel('Veículo não emplacado').check();
  await expect(form.getByLabel('Placa', { exact: true })).toHaveCount(0); // toggling clears and swaps the vehicle fields
  const chassis = form.getByLabel('Chassi');
  await chassis.pressSequentially('11111111111111111');
  await expect(form.getByText('Chassi inválido! Não pode conter 17 números repetidos.')).toBeVisible();
  await chassis.fill('');
  await chassis.pressSequentially('9bgks48u0ng123457');
  await expect(chassis).toHaveValue('9BG KS48U0 NG 123457');
  await expect(form.getByText('Chassi válido!')).toBeVisible();
  await form.getByLabel('Marca').selectOption({ label: 'Mitsubishi' });
  await form.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Lancer Evolution X 2.0 Turbo' });
  await page.getByRole('dialog', { name: 'Ops, veículo não permitido' }).getByRole('button', { name: 'Voltar' }).click();
  await expect(form.getByText('Ops, veículo não permitido.')).toBeVisible();
  await form.getByLabel('Marca').selectOption({ label: 'GM - Chevrolet' });
  await form.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Tracker Premier 1.2 Turbo' });
  const year = String(new Date().getFullYear());
  await form.getByLabel('Ano', { exact: true }).selectOption(year);
  await form.getByLabel('Tipo de veículo').selectOption({ label: 'Veículo leve' });
  await form.getByLabel('Faixa FIPE').selectOption({ label: 'R$ 150.000 a R$ 200.000' });
  await expect(form.getByText(/o plano se ajusta/)).toBeVisible();
  await form.getByLabel('Faixa FIPE').selectOption({ label: 'R$ 130.000 a R$ 140.000' });
  await form.getByLabel('Estou de acordo com a alteração').check();
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Sua solicitação foi enviada com sucesso!' })).toBeVisible();
});
