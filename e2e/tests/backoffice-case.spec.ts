import { expect, type Page } from '@playwright/test';
import { horizonteSpec, quietSpec, type CustomerSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { login } from '../support/login';
import { openRoute, sidewaysOverflow } from '../support/routes';
import { staffLogin, test } from '../support/staff';
import { axeViolations } from '../support/axe';

/**
 * The staff case page of issue 30 (items 5 and 7): 'Solicitação enviada' in pt-BR with the raw payload behind
 * 'Dados técnicos'; approving asks first, showing what changes (Esc and Cancelar change nothing); a closed case is
 * reopened with a reason and can then be commented and moved, and the customer's timeline says it was reopened.
 * At 360 and 1280 px, axe on each state. Each test makes its own customer (ADR 071); staff are demo mode's accounts.
 */

test.describe.configure({ timeout: 150_000 });

const main = (page: Page) => page.getByRole('main');
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];
const TEL = '(31) 98765-4321';

async function noAxeViolations(page: Page, what: string) {
  expect.soft(await axeViolations(page), what).toEqual([]);
  expect.soft(await sidewaysOverflow(page), what).toBeLessThanOrEqual(0);
}

/** A quiet customer with one support case on its Onix, closed or open as `over` says. */
function withCase(name: string, request: Record<string, unknown>, over: Record<string, unknown> = {}): CustomerSpec {
  const spec = quietSpec(name);
  return { ...spec, cases: [{ contract: spec.contracts[0]!.key, daysAgo: 4, request, ...over }] };
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("a claim's 'Solicitação enviada' reads in pt-BR, local times, raw names only under 'Dados técnicos'", async ({
      page,
      request,
    }) => {
      const [caseNumber] = (await newCustomer(request, horizonteSpec())).claims;
      await staffLogin(page, request, 'sinistros@guarita.example');
      await openRoute(page, `/backoffice/casos/${caseNumber}`);
      const sent = main(page).getByRole('region', { name: 'Solicitação enviada' });
      await expect(sent.getByText('CPF do condutor', { exact: true })).toBeVisible();
      await expect(sent.getByText('111.444.777-35', { exact: true })).toBeVisible();
      await expect(sent.getByText('Data e hora da ocorrência', { exact: true })).toBeVisible();
      await expect(sent.getByText('Aceitou os termos e condições', { exact: true })).toBeVisible();
      await expect(sent.getByText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/).first()).toBeVisible();
      // the CRM's names and UTC ISO times only in the technical disclosure, closed by default
      const technical = sent.getByText('Dados técnicos');
      await expect(sent.getByText('CPF_do_condutor__c')).toBeHidden();
      await expect(sent.getByText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)).toBeHidden();
      await technical.click();
      await expect(sent.getByText(/"CPF_do_condutor__c"/)).toBeVisible();
      await noAxeViolations(page, `claim case at ${size.width}px`);
    });

    test('approving asks first, showing what changes; Esc and Cancelar leave the case open', async ({ page, request }) => {
      const lucia = await newCustomer(
        request,
        withCase('Lúcia Prado Amaral', {
          tipo: 'dados-cadastrais',
          telefone: TEL,
          alteracoes: ['E-mail'],
          novoEmail: 'lucia.nova@exemplo.com.br',
        }),
      );
      await staffLogin(page, request, 'atendimento@guarita.example');
      await openRoute(page, `/backoffice/casos/${lucia.cases[0]}`);
      // the registration change's JSON as a sub-list
      const sent = main(page).getByRole('region', { name: 'Solicitação enviada' });
      await expect(sent.getByText('Dados cadastrais pedidos', { exact: true })).toBeVisible();
      await expect(sent.getByText('Novo e-mail', { exact: true })).toBeVisible();
      await expect(sent.getByText('lucia.nova@exemplo.com.br', { exact: true })).toBeVisible();

      const approve = main(page).getByRole('button', { name: 'Aprovar alteração' });
      await approve.click();
      const dialog = page.getByRole('dialog', { name: 'Aprovar alteração?' });
      await expect(
        dialog.getByRole('table', { name: 'O que muda ao aprovar' }).getByRole('row', { name: /lucia\.nova@exemplo\.com\.br/ }),
      ).toBeVisible();
      // The new value shows whole without scrolling the table sideways, on a phone too.
      await expect(dialog.getByRole('cell', { name: 'lucia.nova@exemplo.com.br' })).toBeInViewport({ ratio: 1 });
      await noAxeViolations(page, `approval dialog at ${size.width}px`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(approve).toBeFocused();
      await approve.click();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(main(page).getByRole('button', { name: 'Aprovar alteração' })).toBeVisible();
      await expect(main(page).getByText('Encerrado', { exact: true })).toHaveCount(0);

      await main(page).getByRole('button', { name: 'Aprovar alteração' }).click();
      await dialog.getByRole('button', { name: 'Confirmar aprovação' }).click();
      await expect(dialog).toBeHidden();
      await expect(main(page).getByText('Encerrado', { exact: true })).toBeVisible();
      await expect(main(page).getByText(/Decisão: aprovado/)).toBeVisible();
    });

    test('a closed case is reopened with a reason, then commented and moved; the customer sees it reopened', async ({
      staff,
      customer,
      request,
    }) => {
      await staff.setViewportSize(size);
      await customer.setViewportSize(size);
      const rita = await newCustomer(
        request,
        withCase(
          'Rita Campos Lima',
          { tipo: 'rastreador', telefone: TEL, caso: 'Defeito', descricao: 'O rastreador parou de enviar a posição.' },
          {
            phases: [
              { phase: 'Análise', daysAgo: 3 },
              { phase: 'Concluído', daysAgo: 2 },
            ],
            closedDaysAgo: 2,
          },
        ),
      );
      const caseNumber = rita.cases[0]!;
      await staffLogin(staff, request, 'atendimento@guarita.example');
      await openRoute(staff, `/backoffice/casos/${caseNumber}`);
      await expect(main(staff).getByText('Encerrado', { exact: true })).toBeVisible();
      await expect(main(staff).getByLabel('Comentário', { exact: true })).toHaveCount(0);
      await noAxeViolations(staff, `closed case at ${size.width}px`);

      const reopen = main(staff).getByRole('button', { name: 'Reabrir caso' });
      await reopen.click();
      const dialog = staff.getByRole('dialog', { name: 'Reabrir caso?' });
      await expect(dialog.getByLabel('Motivo da reabertura')).toBeFocused();
      await staff.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(main(staff).getByText('Encerrado', { exact: true })).toBeVisible();

      await reopen.click();
      await dialog.getByLabel('Motivo da reabertura').fill('curto');
      await dialog.getByRole('button', { name: 'Confirmar reabertura' }).click();
      await expect(dialog.getByText('Explique o motivo da reabertura em pelo menos 10 caracteres.')).toBeVisible();
      await noAxeViolations(staff, `reopen dialog at ${size.width}px`);
      await dialog.getByLabel('Motivo da reabertura').fill('O cliente ligou: o rastreador parou de novo.');
      await dialog.getByRole('button', { name: 'Confirmar reabertura' }).click();
      await expect(dialog).toBeHidden();
      await expect(main(staff).getByRole('status').filter({ hasText: 'Caso reaberto.' })).toBeVisible();
      await expect(main(staff).getByText('Aberto', { exact: true })).toBeVisible();
      await expect(main(staff).getByText('Análise', { exact: true })).toBeVisible(); // the phase before Concluído
      await expect(main(staff).getByText(/Caso reaberto\. Motivo: O cliente ligou/)).toBeVisible(); // the staff note
      await noAxeViolations(staff, `reopened case at ${size.width}px`);

      await main(staff).getByLabel('Comentário', { exact: true }).fill('Vamos enviar um técnico esta semana.');
      await main(staff).getByRole('button', { name: 'Enviar comentário' }).click();
      await expect(main(staff).getByText(/Equipe: Vamos enviar um técnico esta semana\./)).toBeVisible();
      await main(staff).getByLabel('Nova fase').selectOption('Agendamento');
      await main(staff).getByRole('button', { name: 'Mover fase' }).click();
      await expect(main(staff).getByText('Agendamento', { exact: true }).first()).toBeVisible();

      await login(customer, rita, `/suporte/${rita.contracts[Object.keys(rita.contracts)[0]!]}`);
      await main(customer)
        .getByRole('button', { name: /Suporte Rastreador/ })
        .first()
        .click();
      const opened = customer.getByRole('dialog', { name: /^Solicitação \d{4}-\d{6}$/ });
      await expect(opened.getByRole('list', { name: 'Andamento' })).toContainText('Status: Reaberta pela central');
      await expect(opened.getByText('Vamos enviar um técnico esta semana.')).toBeVisible();
      await expect(opened.getByText(/O cliente ligou/)).toHaveCount(0);
    });
  });
}
