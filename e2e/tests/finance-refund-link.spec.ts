import { expect, type Page } from '@playwright/test';
import { mariaSpec } from '../support/customers';
import { loggedIn } from '../support/login';
import { sidewaysOverflow, widestElements } from '../support/routes';
import { staffLogin, test } from '../support/staff';
import { axeViolations } from '../support/axe';

/**
 * A payment link refunded from the financeiro desk through the card provider (issue 27 gap 2, ADR 078): the customer
 * advances her Civic's next bill by payment link and pays it on the card sandbox's hosted page (a new tab); financeiro
 * finds the link payment with the provider's payment id, and 'Estornar' gives the money back through the sandbox.
 * The detail and the dialog are checked at 360 and 1280 px (no sideways scroll, axe), with a screenshot of each.
 */

test.describe.configure({ timeout: 120_000 });

const main = (page: Page) => page.getByRole('main');

test('financeiro refunds a payment-link payment through the card provider', async ({ staff, customer, request }, testInfo) => {
  const maria = await loggedIn(customer, request, mariaSpec(), '/pagamentos');
  const contract = maria.contracts.civic;
  await main(customer).getByRole('combobox', { name: 'Veículo' }).selectOption({ label: 'QWE7D89 CIVIC EXL 2.0' });
  await main(customer).getByRole('link', { name: 'Antecipar fatura' }).click();
  await main(customer).getByRole('combobox', { name: 'Método de pagamento' }).selectOption({ label: 'Link de pagamento' });
  const created = customer.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/payments/contracts/${contract}/advance`),
  );
  const popup = customer.waitForEvent('popup');
  await main(customer).getByRole('button', { name: 'Solicitar Antecipação' }).click();
  const { conteudo } = (await (await created).json()) as { conteudo: { valor: number } };

  // The sandbox's hosted page, in the tab the app opened: the customer pays with the approved test Visa.
  const checkout = await popup;
  await expect(checkout.getByRole('heading', { name: 'Pagamento com cartão (sandbox)' })).toBeVisible();
  await checkout.getByRole('radio', { name: 'Visa final 1111 (aprovado)' }).check();
  await checkout.getByRole('button', { name: /^Pagar / }).click();
  await expect(checkout.getByRole('status')).toContainText('Pagamento confirmado.');

  await staffLogin(staff, request, 'financeiro@guarita.example');
  const desk = main(staff);
  await desk.getByLabel('Contrato', { exact: true }).fill(String(contract));
  await desk.getByRole('button', { name: 'Filtrar' }).click();
  const row = desk.getByRole('row', { name: new RegExp(`${contract}.*Link de pagamento.*Sem estorno`) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Ver detalhes: Link de pagamento de / }).click();
  const detail = desk.getByRole('region', { name: /^Pagamento: Link de pagamento de / });
  await expect(detail.getByRole('heading', { name: /^Pagamento: Link de pagamento de / })).toBeFocused();
  await expect(detail.getByText(/^sbx_ch_[0-9a-f]+$/)).toBeVisible(); // the provider's payment id, from its AUTHORISATION
  const timeline = detail.getByRole('list', { name: 'Eventos do provedor, do mais antigo ao mais novo' });
  await expect(timeline).toContainText('AUTHORISATION · sandbox · sucesso');
  const estornar = detail.getByRole('button', { name: 'Estornar' });
  await expect(estornar).toBeVisible();

  const dialog = staff.getByRole('dialog', { name: /^Estornar Link de pagamento de / });
  for (const width of [360, 1280]) {
    await staff.setViewportSize({ width, height: 800 });
    await estornar.scrollIntoViewIfNeeded();
    await staff.screenshot({ path: testInfo.outputPath(`desk-link-${width}.png`), fullPage: true });
    expect
      .soft(await sidewaysOverflow(staff), `sideways scroll at ${width}px: ${(await widestElements(staff)).join(', ')}`)
      .toBeLessThanOrEqual(0);
    await estornar.focus();
    await staff.keyboard.press('Enter');
    await expect(dialog.getByLabel('Valor a estornar (R$)')).toBeVisible();
    await staff.screenshot({ path: testInfo.outputPath(`desk-link-dialog-${width}.png`) });
    expect.soft(await sidewaysOverflow(staff), `sideways scroll with the dialog at ${width}px`).toBeLessThanOrEqual(0);
    expect.soft(await axeViolations(staff), `axe at ${width}px`).toEqual([]);
    await staff.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // The whole amount back, with a reason, confirmed.
  await estornar.click();
  await dialog.getByLabel('Motivo do estorno').fill('Antecipação cancelada a pedido da cliente');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toContainText('pelo provedor sandbox');
  await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
  await expect(dialog).toBeHidden();
  const valor = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(conteudo.valor / 100).replace(/\s/g, ' ');
  await expect(detail.getByRole('status')).toHaveText(`Estorno de ${valor} confirmado pelo provedor.`, { useInnerText: true });
  await expect(detail.getByRole('table', { name: 'Estornos deste pagamento, do mais antigo ao mais novo' })).toContainText('Estornado');
  await expect(estornar).toBeHidden();
  await expect(desk.getByRole('row', { name: new RegExp(`${contract}.*Link de pagamento.*Estornado`) })).toHaveCount(1);
});
