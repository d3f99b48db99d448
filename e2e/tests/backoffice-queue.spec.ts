import { expect, type Page } from '@playwright/test';
import { QUEUE_MSG, SLA_MSG } from '@guarita/domain';
import { quietSpec, type CustomerSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { sidewaysOverflow } from '../support/routes';
import { staffLogin, test } from '../support/staff';
import { axeViolations } from '../support/axe';

/**
 * The queue a desk works from (issue 30 items 6, 11–13): filters checked in the form, a search box for every key,
 * each case's age and time left with the breach in words, sortable columns, a live count of new cases, and admin's
 * SLA targets. At a phone's width and a desktop's. Each test's customer is its own (ADR 071).
 */

test.describe.configure({ timeout: 120_000 });

const TEL = '(31) 98765-4321';
const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];
const main = (page: Page) => page.getByRole('main');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

/** A customer with two open support cases: a registration change 3 days old (24 h target: late) and an ombudsman one a day old. */
function twoCasesSpec(name: string, daysAgo = [3, 1]): CustomerSpec {
  return {
    ...quietSpec(name),
    cases: [
      {
        contract: 'onix',
        daysAgo: daysAgo[0]!,
        request: { tipo: 'dados-cadastrais', telefone: TEL, alteracoes: ['E-mail'], novoEmail: 'fila@exemplo.com.br' },
      },
      { contract: 'onix', daysAgo: daysAgo[1]!, request: { tipo: 'ouvidoria', telefone: TEL, descricao: 'Demora no atendimento.' } },
    ],
  };
}

async function noAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page), label).toEqual([]);
}

for (const size of WIDTHS) {
  test(`the queue at ${size.width}px: checked filters, search, age and time left, sorting, new cases`, async ({ page, request }) => {
    const name = `Quitéria ${unique()} Vasconcelos`;
    const customer = await newCustomer(request, twoCasesSpec(name));
    const [late, ombudsman] = customer.cases;
    await page.setViewportSize(size);
    await staffLogin(page, request, 'atendimento@guarita.example');
    const m = main(page);

    // A bad filter shows its pt-BR message on the field and is never sent.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/backoffice/casos?')) sent.push(r.url());
    });
    await m.getByLabel('Idade mínima (dias)').fill('abc');
    await m.getByRole('button', { name: 'Filtrar' }).click();
    await expect(m.getByText(QUEUE_MSG.age)).toBeVisible();
    await expect(m.getByLabel('Idade mínima (dias)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((u) => u.includes('idadeMinDias'))).toEqual([]);
    await m.getByLabel('Idade mínima (dias)').fill('');

    // The CPF as typed from a document finds both cases, the late one first (time left is the default order).
    await m.getByLabel('Buscar', { exact: true }).fill(customer.document);
    await m.getByRole('button', { name: 'Filtrar' }).click();
    const rows = m.getByRole('row').filter({ has: page.getByRole('link') });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('link')).toHaveText(late!);
    await expect(rows.nth(0)).toContainText(/Estourado há 2 d/);
    await expect(rows.nth(0)).toContainText(/há 3 d/);
    await expect(rows.nth(1).getByRole('link')).toHaveText(ombudsman!);
    await expect(rows.nth(1)).toContainText(/[56] d( \d+ h)?/);
    const timeLeft = m.getByRole('columnheader', { name: /Tempo restante/ });
    await expect(timeLeft).toHaveAttribute('aria-sort', 'ascending');
    if (size.width < 768) expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await noAxeViolations(page, `queue at ${size.width}px`);

    // Sorting: the header is a button; the th says the order.
    await timeLeft.getByRole('button').click();
    await expect(timeLeft).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.nth(0).getByRole('link')).toHaveText(ombudsman!);
    const age = m.getByRole('columnheader', { name: /Aberto há/ });
    await age.getByRole('button').click();
    await expect(age).toHaveAttribute('aria-sort', 'ascending');
    await expect(timeLeft).toHaveAttribute('aria-sort', 'none');
    await expect(rows.nth(0).getByRole('link')).toHaveText(ombudsman!);

    // Words of the name (prefixes, any case), and the protocol.
    await m.getByLabel('Buscar', { exact: true }).fill(name.split(' ')[1]!.slice(0, -1).toUpperCase());
    await m.getByRole('button', { name: 'Filtrar' }).click();
    await expect(rows).toHaveCount(2);
    await m.getByLabel('Buscar', { exact: true }).fill(late!);
    await m.getByRole('button', { name: 'Filtrar' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0).getByRole('link')).toHaveText(late!);

    // The phase is a select of the desk's phases.
    await expect(m.getByLabel('Fase').getByRole('option', { name: 'Retenção' })).toHaveCount(1);
    await expect(m.getByLabel('Fase').getByRole('option', { name: 'Reparo Autorizado' })).toHaveCount(0);

    // Live: cases opened after the queue was read are counted in a polite live region; the button shows them.
    await m.getByRole('button', { name: 'Limpar' }).click();
    await expect(m.getByRole('table')).toBeVisible();
    const newcomer = await newCustomer(request, twoCasesSpec(`Newton ${unique()} Prado`, [0, 0]));
    const notice = m.getByRole('status').getByRole('button', { name: /^\d+ casos? novos? — mostrar$/ });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await notice.click();
    await expect(notice).toBeHidden();
    await m.getByLabel('Buscar', { exact: true }).fill(newcomer.document);
    await m.getByRole('button', { name: 'Filtrar' }).click();
    await expect(rows).toHaveCount(2);
  });

  test(`admin changes a reason's SLA target at ${size.width}px`, async ({ page, request }) => {
    await page.setViewportSize(size);
    await staffLogin(page, request, 'admin@guarita.example');
    // Each width changes a reason of its own (the two run side by side), and puts its target back.
    const [reason, seeded, seededText] = size.width < 768 ? ['Carro Reserva', '8', '8 horas'] : ['Furto', '24', '1 dia'];
    const section = main(page).getByRole('region', { name: 'Prazos por motivo' });
    const row = section.getByRole('row', { name: new RegExp(`^${reason}`) });
    await expect(row).toContainText(seededText);
    await noAxeViolations(page, `queue (admin) at ${size.width}px`);
    if (size.width < 768) expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await section.getByRole('button', { name: 'Salvar prazo' }).click();
    await expect(section.getByText(SLA_MSG.chooseReason)).toBeVisible();
    await section.getByLabel('Motivo do prazo').selectOption(reason);
    await section.getByLabel('Prazo (horas)').fill('0');
    await section.getByRole('button', { name: 'Salvar prazo' }).click();
    await expect(section.getByText(SLA_MSG.hours)).toBeVisible();
    const hours = size.width === 360 ? '12' : '10';
    try {
      await section.getByLabel('Prazo (horas)').fill(hours);
      await section.getByRole('button', { name: 'Salvar prazo' }).click();
      await expect(section.getByRole('status')).toHaveText(SLA_MSG.saved(reason, `${hours} horas`));
      await expect(row).toContainText(`${hours} horas`);
    } finally {
      await section.getByLabel('Motivo do prazo').selectOption(reason);
      await section.getByLabel('Prazo (horas)').fill(seeded);
      await section.getByRole('button', { name: 'Salvar prazo' }).click();
      await expect(row).toContainText(seededText);
    }
  });
}
