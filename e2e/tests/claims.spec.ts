import { expect, test, type Page } from '@playwright/test';
import { scenePhoto } from '../support/photos';
import { untilTheAppOwns } from '../support/browser-render';
import { joaoSpec, mariaSpec } from '../support/customers';
import { loggedIn } from '../support/login';

/**
 * Claims as Maria would open and follow them (issue 11 §6): notice → form (validation) → every evidence step
 * with real images and a real PDF (progress seen) → the case view; a reload midway resumes; a rejected photo
 * is re-sent; the claim notice PDF downloads with the case number; the no-coverage modal.
 * Each test's Maria is its own (ADR 071): her Civic (collision only) has no claim until the test opens one.
 */

test.describe.configure({ timeout: 90_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
const main = (page: Page) => page.getByRole('main');
// A scene, not a flat colour: the photo check before sending (issue 31 item 3) would ask about a flat one.
const photo = (color: string) => scenePhoto({ width: 2000, height: 1500, tint: color });

async function sendStep(page: Page, title: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await expect(main(page).getByRole('heading', { name: title })).toBeVisible();
  // A server-rendered step (a reload) takes a file once the app owns its field, as a person's tap would (ADR 059).
  const field = page.getByLabel('Escolher arquivo');
  await untilTheAppOwns(field);
  await field.setInputFiles(file);
}

test('notice → form → every evidence step → case view; reload resumes; notice PDF has the case number', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await page.goto(`/aviso/${maria.contracts.civic}`);
  await expect(main(page).getByRole('heading', { name: 'SINISTRO' })).toBeVisible();
  await expect(main(page).getByText(`${maria.contracts.civic}`, { exact: true })).toBeVisible();
  // disabled until agreed (aria-disabled, so that a tap still explains why)
  await expect(main(page).getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await main(page).getByRole('button', { name: 'Continuar' }).click({ force: true });
  await expect(main(page).getByText('Você precisa concordar antes de continuar!')).toBeVisible();
  await main(page).getByLabel('Li e estou de acordo!').check();
  await main(page).getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(new RegExp(`\\/sinistros\\/${maria.contracts.civic}$`));

  const send = main(page).getByRole('button', { name: 'Enviar' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Motivo').selectOption('Colisão');
  await page.getByLabel('Descrição do ocorrido').fill('Um carro bateu na traseira no semáforo.');
  await expect(main(page).getByText('39/255 caracteres')).toBeVisible();
  await page.getByLabel('Local do ocorrido').fill('Av. do Contorno, 5000');
  await page.getByLabel('Data', { exact: true }).fill('2026-01-10');
  await page.getByLabel('Horário').fill('08:30');
  await page.getByLabel('Condutor', { exact: true }).fill('Jo');
  await page.getByLabel('CPF do condutor').pressSequentially('52998224725');
  await expect(page.getByLabel('CPF do condutor')).toHaveValue('529.982.247-25');
  await page.getByLabel('Contato do condutor').pressSequentially('31987654321');
  await page.getByLabel('O veículo está se locomovendo?').selectOption('Não');
  await expect(page.getByLabel('Onde o veículo está?')).toBeVisible();
  await page.getByLabel('Onde o veículo está?').fill('Em casa');
  await page.getByLabel('O boletim de ocorrência foi realizado?').selectOption('Sim');
  await page.getByLabel('Houve envolvimento com terceiros?').selectOption('Sim');
  await page.getByLabel('Abrir protocolo para o terceiro?').selectOption('Sim');
  await page.getByLabel('Contato do terceiro').pressSequentially('3133334444');
  await page.getByLabel('Condutor', { exact: true }).focus();
  await expect(main(page).getByText('Informe um nome válido')).toBeVisible();
  await expect(main(page).getByText('Insira um telefone válido com um 9 na frente (celular com DDD)')).toBeVisible();
  await page.getByLabel('Condutor', { exact: true }).fill('Maria Aparecida Souza');
  await page.getByLabel('Contato do terceiro').press('ControlOrMeta+a');
  await page.getByLabel('Contato do terceiro').press('Backspace');
  await page.getByLabel('Contato do terceiro').pressSequentially('31998887777');
  await expect(send).toBeEnabled();
  await send.click();

  // evidence: declaration, the fixed quote step, then one step per required type; focus follows each new step
  await expect(main(page).getByRole('heading', { name: 'EVIDÊNCIA DO SINISTRO' })).toBeFocused();
  const caseNumber = (
    (await main(page)
      .getByText(/Caso nº \d{4}-\d{6}/)
      .textContent()) ?? ''
  ).match(/\d{4}-\d{6}/)![0];
  await main(page).getByRole('button', { name: 'Continuar' }).click();
  await expect(main(page).getByText('Aceite a declaração para continuar!')).toBeVisible();
  await main(page)
    .getByLabel(/Declaro, sob as penas da lei/)
    .check();
  await main(page).getByRole('button', { name: 'Continuar' }).click();
  await expect(main(page).getByRole('heading', { name: 'Orçamento' })).toBeFocused();
  await main(page).getByRole('button', { name: 'Entendi, continuar' }).click();
  await expect(main(page).getByRole('heading', { name: 'CNH do condutor' })).toBeFocused();

  // the first upload's first chunk (tus, ADR 093) is held back a moment so that its progress bar is seen
  let held = false;
  await page.route('**/api/uploads/*', async (route) => {
    if (!held && route.request().method() === 'PATCH') {
      held = true;
      await new Promise((r) => setTimeout(r, 1500));
    }
    await route.continue();
  });
  await sendStep(page, 'CNH do condutor', { name: 'cnh.jpg', mimeType: 'image/jpeg', buffer: await photo('#3a6') });
  await expect(main(page).getByRole('progressbar', { name: /Enviando cnh.jpg/ })).toBeVisible();
  await sendStep(page, 'Documento do veículo (CRLV)', { name: 'crlv.pdf', mimeType: 'application/pdf', buffer: PDF });
  // boletim: a photo is refused, the PDF goes
  await expect(main(page).getByRole('heading', { name: 'Boletim de ocorrência' })).toBeVisible();
  await page.getByLabel('Escolher arquivo').setInputFiles({ name: 'bo.jpg', mimeType: 'image/jpeg', buffer: await photo('#999') });
  await expect(
    main(page).getByRole('alert').filter({ hasText: 'Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.' }).first(),
  ).toBeVisible();
  await page.getByLabel('Escolher arquivo').setInputFiles({ name: 'bo.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(main(page).getByRole('heading', { name: 'Frente do veículo' })).toBeVisible();

  // reload midway: back at the first missing type
  await page.reload();
  await sendStep(page, 'Frente do veículo', { name: 'frente.jpg', mimeType: 'image/jpeg', buffer: await photo('#36a') });
  for (const [title, name] of [
    ['Traseira do veículo', 'traseira'],
    ['Lateral esquerda', 'esquerda'],
    ['Lateral direita', 'direita'],
    ['Painel com o odômetro', 'painel'],
    ['Dano em detalhe', 'dano'],
  ] as const) {
    await sendStep(page, title, { name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: await photo('#a63') });
  }
  await expect(page).toHaveURL(new RegExp(`/sinistros/consulta/${caseNumber}$`));
  await expect(main(page).getByRole('heading', { name: 'Etapas' })).toBeVisible();
  await expect(main(page).getByText('Em andamento')).toBeVisible();

  // Abertura overlay and the claim notice PDF
  await main(page).getByRole('button', { name: 'Abertura' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abertura' });
  await expect(dialog.getByText('Maria Aparecida Souza')).toBeVisible();
  await expect(dialog.getByText('Local do veículo')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar aviso de sinistro' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`aviso-de-sinistro-${caseNumber}.pdf`);
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  const pdf = (await readFile(path)).toString('latin1');
  expect(pdf.startsWith('%PDF')).toBe(true);
  expect(pdf).toContain(caseNumber);
});

test('a rejected photo is re-sent from DOCUMENTAÇÃO', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());
  await page.goto('/sinistros');
  await main(page).getByText('foto reprovada: reenvie').first().locator('xpath=ancestor::li').getByRole('link').click();
  await expect(main(page).getByRole('heading', { name: 'Atualização' })).toBeVisible();
  await main(page)
    .getByRole('button', { name: /Documentação/ })
    .click();
  const docs = page.getByRole('dialog', { name: 'DOCUMENTAÇÃO' });
  await expect(docs.getByText('Reprovado')).toBeVisible();
  await expect(docs.getByText('Foto desfocada: a placa não está legível.')).toBeVisible();
  await docs.getByRole('button', { name: 'Reenviar foto(s)' }).click();
  await sendStep(page, 'Frente do veículo', { name: 'frente.jpg', mimeType: 'image/jpeg', buffer: await photo('#246') });
  await expect(page).toHaveURL(/\/sinistros\/consulta\/\d{4}-\d{6}$/);
  await main(page)
    .getByRole('button', { name: /Documentação/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'DOCUMENTAÇÃO' }).getByText('Reprovado')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'DOCUMENTAÇÃO' }).getByRole('button', { name: 'Reenviar foto(s)' })).toBeDisabled();
});

test("the claim list and a claim's view belong to the Sinistros menu item", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loggedIn(page, request, mariaSpec());
  await page.goto('/sinistros');
  const sinistros = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Sinistros' });
  await expect(sinistros).toHaveAttribute('aria-current', 'page');
  await main(page)
    .getByRole('link', { name: /^Caso nº / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/sinistros\/consulta\/\d{4}-\d{6}$/);
  await expect(main(page).getByRole('heading', { name: 'Etapas' })).toBeVisible();
  await expect(sinistros).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Pagamentos' })).not.toHaveAttribute(
    'aria-current',
  );
});

test('no claim cover: the blocking modal and Voltar to /dashboard', async ({ page, request }) => {
  const joao = await loggedIn(page, request, joaoSpec());
  await page.goto(`/sinistros/${joao.contracts.gol}`);
  const modal = page.getByRole('dialog', { name: 'Não é possível criar sinistros' });
  await expect(
    modal.getByText('No momento você não possui autorização para criar sinistros. Mude seu plano e tente novamente.'),
  ).toBeVisible();
  await modal.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
