import { expect, type Page } from '@playwright/test';
import { overdue, quietSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { login } from '../support/login';
import { sidewaysOverflow } from '../support/routes';
import { staffLogin, test } from '../support/staff';
import { axeViolations } from '../support/axe';

/**
 * Issue 30 items 15 and 16, at 360 and 1280 px: the customer's context beside a case (read on demand), a canned reply
 * filled in with the customer's first name and the protocol, a file sent with the comment that the customer then
 * opens in their case view, and admin's 'Respostas prontas'. Each test's customer is its own (ADR 071).
 */
test.describe.configure({ timeout: 150_000 });

const TEL = '(31) 98765-4321';
const main = (page: Page) => page.getByRole('main');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWNQWpVGFcQwapDSaBgpjaajVaNZZBX56QAA89rLEBHPojQAAAAASUVORK5CYII=',
  'base64',
);

for (const size of [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
]) {
  test(`at ${size.width}px the desk reads the customer's context, answers with a canned reply and a file; the customer opens it`, async ({
    staff,
    customer,
    request,
  }) => {
    await staff.setViewportSize(size);
    await customer.setViewportSize(size);
    const renata = await newCustomer(request, {
      ...quietSpec('Renata Alves Costa', { bills: overdue }),
      cases: [
        {
          contract: 'onix',
          daysAgo: 3,
          request: { tipo: 'ouvidoria', telefone: TEL, descricao: 'Ninguém me retornou sobre a cobrança.' },
          phases: [{ phase: 'Análise', daysAgo: 2 }],
        },
        {
          contract: 'onix',
          daysAgo: 40,
          request: { tipo: 'contestacao', telefone: TEL, descricao: 'Fatura com valor maior.', tipoContestacao: 'valor-divergente' },
          phases: [{ phase: 'Concluído', daysAgo: 30 }],
          closedDaysAgo: 30,
        },
      ],
    });
    const [caseNumber, older] = renata.cases as [string, string];
    await staffLogin(staff, request, 'atendimento@guarita.example');
    await staff.goto(`/backoffice/casos/${caseNumber}`);
    await expect(main(staff).getByRole('heading', { name: `Caso nº ${caseNumber}`, level: 1 })).toBeVisible();

    // The context is read only when asked for (each read is audited).
    const panel = main(staff).getByRole('region', { name: 'Contexto do cliente' });
    await expect(panel.getByText('Cada consulta fica registrada na auditoria.', { exact: false })).toBeVisible();
    await panel.getByRole('button', { name: 'Ver contexto do cliente' }).click();
    await expect(panel.getByText('Renata Alves Costa')).toBeVisible();
    await expect(panel.getByText(/^\d{3}\.\*\*\*\.\*\*\*-\d{2}$/)).toBeVisible();
    await expect(panel.getByText(`Contrato ${renata.contracts.onix!}`, { exact: true })).toBeVisible();
    await expect(panel.getByText('LUC7G89')).toBeVisible();
    await expect(panel.getByText(/^Em atraso: R\$/)).toBeVisible();
    await expect(panel.getByText(/^Vencida · vencimento/)).toBeVisible();
    await expect(panel.getByRole('link', { name: `Caso nº ${older}` })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Ocultar contexto do cliente' })).toHaveAttribute('aria-expanded', 'true');
    expect(await sidewaysOverflow(staff), 'no sideways scroll').toBeLessThanOrEqual(0);
    expect(await axeViolations(staff)).toEqual([]);
    if (size.width === 360) await staff.screenshot({ path: 'test-results/context-360.png', fullPage: true });
    else await staff.screenshot({ path: 'test-results/context-1280.png', fullPage: true });

    // A canned reply fills the comment with the first name and the protocol; staff edit it and attach a file.
    await main(staff).getByLabel('Resposta pronta').selectOption({ label: 'Recebemos sua solicitação' });
    const comment = main(staff).getByLabel('Comentário', { exact: true });
    await expect(comment).toHaveValue(
      `Olá, Renata! Recebemos sua solicitação (protocolo ${caseNumber}) e ela já está com a nossa equipe. Responderemos por aqui assim que tivermos novidades.`,
    );
    await comment.fill('Olá, Renata! Segue o comprovante, {data_visita}.');
    await expect(main(staff).getByText('Complete antes de enviar: {data_visita} não foi preenchido.')).toBeVisible();
    await comment.fill('Olá, Renata! Segue o comprovante do estorno.');
    await main(staff)
      .getByLabel('Anexo para o cliente (opcional)')
      .setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: PNG });
    await expect(main(staff).getByText('Arquivo escolhido: comprovante.png')).toBeVisible();
    expect(await axeViolations(staff)).toEqual([]);
    await main(staff).getByRole('button', { name: 'Enviar comentário' }).click();
    await expect(main(staff).getByText(/Equipe: Olá, Renata! Segue o comprovante do estorno\./)).toBeVisible();
    await expect(main(staff).getByText('· enviado pela equipe')).toBeVisible();
    await expect(main(staff).getByLabel('Comentário', { exact: true })).toHaveValue('');

    // The customer reads the comment and opens the file in their case view.
    await login(customer, renata, `/suporte/${renata.contracts.onix!}?caso=${caseNumber}`);
    const view = customer.getByRole('dialog');
    await expect(view.getByText('Olá, Renata! Segue o comprovante do estorno.')).toBeVisible();
    const download = customer.waitForEvent('download');
    await view.getByRole('button', { name: /^Baixar arquivo enviado pela equipe/ }).click();
    expect((await download).suggestedFilename()).toBe(`${caseNumber}-anexo-da-equipe.png`);
    expect(await sidewaysOverflow(customer), 'no sideways scroll').toBeLessThanOrEqual(0);
  });

  test(`at ${size.width}px admin creates, edits and deactivates a canned reply`, async ({ staff, request }) => {
    await staff.setViewportSize(size);
    await staffLogin(staff, request, 'admin@guarita.example');
    await staff.getByRole('link', { name: 'Respostas prontas' }).click();
    await expect(main(staff).getByRole('heading', { name: 'Respostas prontas', level: 1 })).toBeVisible();
    const title = `Vistoria agendada ${size.width}-${Date.now()}`;
    await main(staff).getByRole('button', { name: 'Criar resposta' }).click();
    await expect(main(staff).getByText('Informe o título da resposta.')).toBeVisible();
    await main(staff).getByLabel('Tipo de caso').selectOption({ label: 'Suporte Rastreador' });
    await main(staff).getByLabel('Título').fill(title);
    await main(staff).getByLabel('Texto da resposta').fill('Olá, {nome}! A vistoria do contrato {contrato} está agendada.');
    await main(staff).getByRole('button', { name: 'Criar resposta' }).click();
    await expect(main(staff).getByText(`Resposta “${title}” criada.`)).toBeVisible();
    const card = main(staff).getByRole('listitem', { name: title });
    await expect(card.getByText('Suporte Rastreador · Ativa', { exact: false })).toBeVisible();
    expect(await sidewaysOverflow(staff), 'no sideways scroll').toBeLessThanOrEqual(0);
    expect(await axeViolations(staff)).toEqual([]);
    await staff.screenshot({ path: `test-results/replies-${size.width}.png`, fullPage: true });

    await card.getByRole('button', { name: `Editar ${title}` }).click();
    await main(staff).getByLabel('Texto da resposta').fill('Olá, {nome}! Vistoria confirmada.');
    await main(staff).getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(main(staff).getByText(`Resposta “${title}” salva.`)).toBeVisible();
    await expect(card.getByText('Olá, {nome}! Vistoria confirmada.')).toBeVisible();
    await card.getByRole('button', { name: `Desativar ${title}` }).click();
    await expect(card.getByText('Suporte Rastreador · Desativada', { exact: false })).toBeVisible();
    await expect(card.getByRole('button', { name: `Reativar ${title}` })).toBeVisible();
  });
}
