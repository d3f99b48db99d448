import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { horizonteSpec, mariaSpec } from '../support/customers';
import { expectPath, loggedIn } from '../support/login';

/** Meu plano (issue 10): coverages with the display rules, referral meter, contract PDFs, COBRE modal. */

// Log in, map and PDF work take a while on a loaded CI machine.
test.describe.configure({ timeout: 90_000 });

const main = (page: Page) => page.getByRole('main');

test('Maria sees her covered services, the referral meter and downloads her specific contract', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await page.goto('/meu-plano');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu plano' })).toBeVisible();

  const coverages = main(page).getByRole('list', { name: 'Serviços cobertos' });
  await expect(coverages.getByRole('listitem')).toHaveText([
    'Perda Total (Furto e Roubo)',
    'Rastreamento 24h',
    'Assistência 24h',
    'Colisão completa',
    'Cobertura de vidros',
  ]);
  const includes = main(page).getByRole('list', { name: 'O que seu plano inclui' });
  await expect(includes).toContainText('reboque de até 400 km e hospedagem para até 5 pessoas');
  await expect(includes).toContainText('Indenização de 70% para veículos especiais');

  // 5 referred, 2 in debit: 30% of at most 50%.
  const meter = main(page).getByRole('meter', { name: /Seu desconto/ });
  await expect(meter).toHaveAttribute('value', '30');
  await expect(meter).toHaveAttribute('max', '50');
  await expect(main(page).getByText('3 indicações válidas (2 em débito não contam). Faltam 2 para o desconto máximo.')).toBeVisible();
  await expect(main(page).getByText('MARIA10', { exact: true })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Baixar contrato específico' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`contrato-especifico-${maria.contracts.onix}.pdf`);
  const bytes = fs.readFileSync((await download.path())!);
  const text = (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
  expect(text).toContain('Maria Aparecida Souza');
  expect(text).toContain(`Contrato nº ${maria.contracts.onix}`);

  await main(page).getByRole('link', { name: 'Alterar plano' }).click();
  await expectPath(page, `/suporte/${maria.contracts.onix}/1`);
});

test('a COBRE plan cannot change online: the modal shows the sales executive and a WhatsApp link', async ({ page, request }) => {
  await loggedIn(page, request, horizonteSpec());
  await page.goto('/meu-plano');
  await main(page).getByRole('button', { name: 'Alterar plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alteração indisponível online' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Renata Figueiredo');
  await expect(dialog).toContainText('(31) 99123-4567');
  await expect(dialog.getByRole('link', { name: 'Falar pelo WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/5531991234567\?text=/,
  );
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await main(page).getByRole('button', { name: 'Trocar veículo' }).click();
  await expect(page.getByRole('dialog', { name: 'Alteração indisponível online' })).toBeVisible();
});
