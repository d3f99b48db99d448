import { expect, type Page } from '@playwright/test';
import { horizonteSpec } from '../support/customers';
import { loggedIn } from '../support/login';
import { confirmPixAsTheBank } from '../support/pix';
import { sidewaysOverflow, widestElements } from '../support/routes';
import { staffLogin, test } from '../support/staff';
import { axeViolations } from '../support/axe';

/**
 * The financeiro desk refunds a payment through its provider (issue 27 item 7, ADR 078): the customer pays an
 * overdue bill by Pix (the demo bank confirms it through the PSP webhook's code path); financeiro finds the payment,
 * sees the provider's reference and the webhook in its history, refunds part of it with a reason, and the history
 * shows the refund. Two browser contexts; the customer is this test's own (ADR 071).
 */

test.describe.configure({ timeout: 120_000 });

const main = (page: Page) => page.getByRole('main');

test('financeiro refunds part of a Pix payment through the provider; the history shows it', async ({ staff, customer, request }) => {
  const horizonte = await loggedIn(customer, request, horizonteSpec());
  const contract = horizonte.contracts.fiorino;

  // The customer pays the overdue bill by Pix; the bank confirms.
  await customer.goto('/pagamentos');
  await main(customer).getByRole('link', { name: 'Pagar fatura em aberto' }).click();
  await main(customer).getByRole('radiogroup', { name: 'Forma de pagamento' }).getByRole('radio', { name: 'Pix' }).check();
  const created = customer.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/payments/contracts/${contract}/pix`),
  );
  await main(customer).getByRole('button', { name: 'Gerar Pix' }).click();
  const { conteudo } = (await (await created).json()) as { conteudo: { txid: string; valor: number } };
  expect(await confirmPixAsTheBank(request, conteudo.txid)).toBe('paid');

  // Financeiro finds the payment on its desk.
  await staffLogin(staff, request, 'financeiro@guarita.example');
  const desk = main(staff);
  await desk.getByLabel('Contrato', { exact: true }).fill(String(contract));
  await desk.getByRole('button', { name: 'Filtrar' }).click();
  const row = desk.getByRole('row', { name: new RegExp(`${contract}.*Pix.*Sem estorno`) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Ver detalhes: Pix de / }).click();
  const detail = desk.getByRole('region', { name: /^Pagamento: Pix de / });
  await expect(detail.getByRole('heading', { name: /^Pagamento: Pix de / })).toBeFocused();
  await expect(detail.getByText(conteudo.txid, { exact: true })).toBeVisible();
  const timeline = detail.getByRole('list', { name: 'Eventos do provedor, do mais antigo ao mais novo' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText('pix · static-brcode · sucesso');

  // 'Estornar' R$ 100,00 with a reason, confirmed.
  await detail.getByRole('button', { name: 'Estornar' }).click();
  const dialog = staff.getByRole('dialog', { name: /^Estornar Pix de / });
  await dialog.getByLabel('Valor a estornar (R$)').fill('100,00');
  await dialog.getByLabel('Motivo do estorno').fill('Pagamento em duplicidade informado pelo cliente');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toContainText('pelo provedor static-brcode');
  await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
  await expect(dialog).toBeHidden();

  await expect(detail.getByRole('status')).toHaveText('Estorno de R$ 100,00 confirmado pelo provedor.', { useInnerText: true });
  const refunds = detail.getByRole('table', { name: 'Estornos deste pagamento, do mais antigo ao mais novo' });
  await expect(refunds.getByRole('row', { name: /Pagamento em duplicidade/ })).toContainText('Estornado');
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('estorno.resposta');
  await expect(detail).toContainText('Estornado em parte');
  await expect(desk.getByRole('row', { name: new RegExp(`${contract}.*Pix.*Estornado em parte`) })).toHaveCount(1);

  // On a phone (360 px) and a desktop (1280 px): the detail and the open dialog fit the width and pass axe; the dialog
  // is reached and closed with the keyboard.
  for (const width of [360, 1280]) {
    await staff.setViewportSize({ width, height: 800 });
    await detail.getByRole('button', { name: 'Estornar' }).focus();
    await staff.keyboard.press('Enter');
    await expect(dialog.getByLabel('Valor a estornar (R$)')).toBeVisible();
    expect
      .soft(await sidewaysOverflow(staff), `sideways scroll at ${width}px: ${(await widestElements(staff)).join(', ')}`)
      .toBeLessThanOrEqual(0);
    expect.soft(await axeViolations(staff), `axe at ${width}px`).toEqual([]);
    await staff.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
