import { expect, test, type Page } from '@playwright/test';
import { scenePhoto } from '../support/photos';
import { carlaSpec } from '../support/customers';
import { loggedIn } from '../support/login';

/**
 * Spare car as a customer (issue 12 §5): a collision request with two photos through the capture flow ('Está
 * nítido?' Não discards, Sim keeps), and a blocked customer seeing which rule applies and until when.
 */
test.describe.configure({ timeout: 90_000 });

const main = (page: Page) => page.getByRole('main');
// A scene, not a flat colour: the photo check (issue 31 item 3) would ask 'A foto parece tremida' about a flat one.
const jpeg = (r: number) => scenePhoto({ width: 800, height: 600, tint: `rgb(${r}, 120, 60)` });

async function open(page: Page, nCtrId: number) {
  await page.goto(`/suporte/${nCtrId}`);
  await page.getByLabel('Tipo de solicitação').selectOption({ label: 'Carro Reserva' });
}

test('collision: two photos through the capture flow, a transport option, then the request is sent', async ({ page, request }) => {
  // Carla's Mobi ('free') is free of every rule.
  const carla = await loggedIn(page, request, carlaSpec());
  await open(page, carla.contracts.free!);
  await page.getByLabel('Telefone para contato (celular)').fill('31987654321');
  const form = main(page).getByRole('form', { name: 'Carro Reserva' });
  await form.getByLabel('MOTIVO').selectOption('Colisão');
  const submit = form.getByRole('button', { name: 'Enviar Solicitação' });
  await expect(submit).toBeDisabled();

  for (const [i, name] of ['Foto 1 do veículo', 'Foto 2 do veículo'].entries()) {
    await form.getByRole('button', { name: `Adicionar ${name.toLowerCase()}` }).click();
    const how = page.getByRole('dialog', { name: `Como fotografar: ${name.toLowerCase()}` });
    await how.getByLabel('Escolher arquivo').setInputFiles({ name: `foto${i}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(40 * i) });
    const sharp1 = page.getByRole('dialog', { name: 'Está nítido?' });
    await expect(sharp1.getByRole('img', { name: 'Prévia da foto' })).toBeVisible();
    if (i === 0) {
      await sharp1.getByRole('button', { name: 'Não' }).click(); // discarded: back to choosing
      await how.getByLabel('Tirar foto').setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200) });
    }
    await page.getByRole('dialog', { name: 'Está nítido?' }).getByRole('button', { name: 'Sim' }).click();
    await expect(form.getByRole('img', { name: `${name}: foto escolhida` })).toBeVisible();
  }

  await form.getByRole('radio', { name: 'Carro reserva (até 7 dias)' }).check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(form.getByText('Este campo é obrigatório.')).toBeVisible(); // the pick-up location
  await form.getByLabel('Local de retirada do carro reserva').fill('Rua da Bahia, 1148 — Belo Horizonte');
  await submit.click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Sua solicitação foi enviada com sucesso!' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: /Minhas solicitações/ })).toContainText('Carro Reserva');
});

test('a blocked customer sees Solicitação Bloqueada with the rule and when it ends', async ({ page, request }) => {
  const carla = await loggedIn(page, request, carlaSpec());
  // The Gol had a spare car after a theft 10 days ago.
  await open(page, carla.contracts.theft!);
  const dialog = page.getByRole('dialog', { name: 'Solicitação Bloqueada' });
  await expect(dialog).toContainText(
    /Há uma solicitação de furto, roubo ou carro reserva nos últimos 30 dias: disponível a partir de \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\./,
  );
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('alert')).toContainText('Solicitação Bloqueada');
  await expect(main(page).getByRole('form', { name: 'Carro Reserva' })).toHaveCount(0);

  // The Kicks has an open collision with third parties.
  await open(page, carla.contracts.thirdParties!);
  await expect(page.getByRole('dialog', { name: 'Solicitação Bloqueada' })).toContainText(
    'Você possui um caso de colisão com terceiros em aberto.',
  );
});
