import { expect, type Page } from '@playwright/test';
import { horizonteSpec, joaoSpec, quietSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { loggedIn, login } from '../support/login';
import { openRoute, sidewaysOverflow } from '../support/routes';
import { openStaffCase as openCase, staffLogin, test } from '../support/staff';
import { axeViolations } from '../support/axe';

/**
 * The staff console and the customer side by side (issue 13 §4), two browser contexts: staff logs in with
 * TOTP, rejects a claim photo with a reason and moves the phase, the customer sees both; a registration change
 * sent by the customer and approved by staff shows the new address on /cadastro.
 * Each test's customer is its own (ADR 071); the staff accounts are demo mode's.
 */

test.describe.configure({ timeout: 120_000 });

const main = (page: Page) => page.getByRole('main');

test('staff rejects a claim photo with a reason and moves the phase; the customer sees both', async ({ staff, customer, request }) => {
  const horizonte = await newCustomer(request, horizonteSpec());
  await staffLogin(staff, request, 'sinistros@guarita.example');
  const caseNumber = await openCase(staff, `${horizonte.contracts.fiorino}`, 'Colisão');
  expect(caseNumber).toBe(horizonte.claims[0]);

  await main(staff).getByRole('button', { name: 'Reprovar CNH do condutor' }).click();
  await main(staff).getByRole('button', { name: 'Confirmar reprovação' }).click();
  await expect(main(staff).getByText('Informe o motivo da reprovação.')).toBeVisible();
  await main(staff).getByLabel('Motivo da reprovação (CNH do condutor)').fill('CNH vencida: envie a CNH atual.');
  await main(staff).getByRole('button', { name: 'Confirmar reprovação' }).click();
  await expect(main(staff).getByText('Reprovado: CNH vencida: envie a CNH atual.')).toBeVisible();

  // Not a total loss after all: the claim goes on to the deductible step.
  await main(staff).getByRole('button', { name: 'Desmarcar perda total' }).click();
  await expect(main(staff).getByText('Perda total (Qualificado_como_PT__c): Não')).toBeVisible();
  await main(staff).getByLabel('Nova fase').selectOption('Comunicação Cliente');
  await main(staff).getByRole('button', { name: 'Mover fase' }).click();
  await expect(main(staff).getByText('Comunicação Cliente', { exact: true })).toBeVisible();

  await login(customer, horizonte, `/sinistros/consulta/${caseNumber}`);
  await expect(main(customer).getByText('Participação Obrigatória')).toBeVisible();
  await expect(main(customer).getByText('Em andamento')).toBeVisible();
  // Documentação is among the completed steps, folded under '5 etapas concluídas'.
  await main(customer)
    .getByText(/etapas concluídas/)
    .click();
  await main(customer)
    .getByRole('button', { name: /Documentação/ })
    .click();
  const docs = customer.getByRole('dialog', { name: 'DOCUMENTAÇÃO' });
  await expect(docs.getByText('Reprovado')).toBeVisible();
  await expect(docs.getByText('CNH vencida: envie a CNH atual.')).toBeVisible();
  await expect(docs.getByRole('button', { name: 'Reenviar foto(s)' })).toBeEnabled();
});

test('a registration change approved by staff shows the new address on /cadastro', async ({ staff, customer, request }) => {
  const joao = await loggedIn(customer, request, joaoSpec());
  await customer.goto(`/suporte/${joao.contracts.gol}?area=Alteracao-de-Dados-Cadastrais`);
  await customer.getByLabel('Telefone para contato (celular)').pressSequentially('11998765432');
  await customer.getByLabel('O que você quer alterar?').selectOption('Endereço');
  await customer.getByLabel('CEP', { exact: true }).pressSequentially('01310100');
  await expect(customer.getByLabel('Rua')).toHaveValue('Avenida Paulista');
  await customer.getByLabel('Número').fill('1578');
  await customer.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(main(customer).getByText('Solicitação enviada com sucesso!')).toBeVisible();
  await customer.goto('/cadastro');
  await expect(main(customer).getByText(/Avenida Paulista/)).toHaveCount(0);

  await staffLogin(staff, request, 'atendimento@guarita.example');
  await openCase(staff, `${joao.contracts.gol}`, 'Alteração de Dados Cadastrais');
  await expect(main(staff).getByText('Avenida Paulista', { exact: true })).toBeVisible(); // the request as sent
  const changes = main(staff).getByRole('table', { name: 'O que a aprovação altera' });
  await expect(changes.getByRole('row', { name: /^Endereço de cobrança .+ Avenida Paulista, 1578 — São Paulo\/SP$/ })).toBeVisible();
  await main(staff).getByRole('button', { name: 'Aprovar alteração' }).click();
  await staff.getByRole('dialog', { name: 'Aprovar alteração?' }).getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(main(staff).getByText('Encerrado', { exact: true })).toBeVisible();

  await customer.reload();
  await expect(main(customer).getByText(/Avenida Paulista/)).toBeVisible();
});

test("a due-date change approved by staff: the console shows current and new values; the customer's dashboard the new day", async ({
  staff,
  customer,
  request,
}) => {
  const beatriz = await loggedIn(customer, request, quietSpec('Beatriz Nogueira Campos', { dueDay: 10 }));
  await customer.goto(`/suporte/${beatriz.contracts.onix}`);
  await customer.getByLabel('Tipo de solicitação').selectOption({ label: 'Alteração de Vencimento' });
  await expect(main(customer).getByText('Vencimento atual: dia 10')).toBeVisible();
  await customer.getByRole('button', { name: 'Escolher novo dia de vencimento' }).click();
  const picker = customer.getByRole('dialog', { name: 'Novo dia de vencimento' });
  await picker.getByRole('button', { name: '20', exact: true }).click();
  await picker.getByRole('button', { name: 'Ok' }).click();
  await expect(picker).toBeHidden();
  await customer.getByLabel('Telefone para contato (celular)').pressSequentially('31993456789');
  await customer.getByLabel('Estou de acordo com a alteração.').check();
  await customer.getByRole('button', { name: 'Confirmar alteração' }).click();
  await expect(main(customer).getByText('Solicitação enviada com sucesso!')).toBeVisible();
  // Nothing changes on the contract before staff approve it.
  await customer.goto(`/dashboard/${beatriz.contracts.onix}`);
  await expect(main(customer).getByText(/vence todo dia 10$/)).toBeVisible();

  await staffLogin(staff, request, 'atendimento@guarita.example');
  await openCase(staff, `${beatriz.contracts.onix}`, 'Alteração de Vencimento');
  const changes = main(staff).getByRole('table', { name: 'O que a aprovação altera' });
  await expect(changes.getByRole('row', { name: 'Dia de vencimento 10 20' })).toBeVisible();
  await main(staff).getByRole('button', { name: 'Aprovar alteração' }).click();
  await staff.getByRole('dialog', { name: 'Aprovar alteração?' }).getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(main(staff).getByText('Encerrado', { exact: true })).toBeVisible();
  await expect(main(staff).getByText(/Decisão: aprovado/)).toBeVisible();

  await customer.reload();
  await expect(main(customer).getByText(/vence todo dia 20$/)).toBeVisible();
  await customer.goto(`/suporte/${beatriz.contracts.onix}`);
  await main(customer)
    .getByRole('button', { name: /Alteração de Vencimento/ })
    .click();
  const opened = customer.getByRole('dialog', { name: /^Solicitação \d{4}-\d{6}$/ });
  await expect(opened.getByText('Sua solicitação foi aprovada. Seu vencimento passa a ser todo dia 20.')).toBeVisible();
  await expect(opened.getByRole('list', { name: 'Andamento' })).toContainText('Solicitação aprovada');
});

test('financeiro lands on its desk: late Pix and refunds, advances, payment links', async ({ page, request }) => {
  await staffLogin(page, request, 'financeiro@guarita.example');
  await expect(main(page).getByRole('heading', { name: 'Financeiro', level: 1 })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Pix recebidos após o vencimento' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Antecipações' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Links de pagamento' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Financeiro' })).toBeVisible();
});

test('the console screens (queue, a claim, the financeiro desk) have no accessibility violations and no sideways scroll', async ({
  page,
  request,
}) => {
  const [caseNumber] = (await newCustomer(request, horizonteSpec())).claims;
  await staffLogin(page, request, 'admin@guarita.example');
  for (const size of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    for (const path of ['/backoffice', `/backoffice/casos/${caseNumber}`, '/backoffice/financeiro']) {
      await openRoute(page, path);
      expect.soft(await axeViolations(page), `${path} at ${size.width}px`).toEqual([]);
      expect.soft(await sidewaysOverflow(page), `${path} at ${size.width}px`).toBeLessThanOrEqual(0);
    }
  }
});
