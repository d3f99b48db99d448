import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { alfaSpec, mariaSpec, type CustomerSpec } from '../support/customers';
import { newCustomer, type TestCustomer } from '../support/factory';
import { enterCode, enterDocument, expectPath, loggedIn, sendCode } from '../support/login';
import { confirmPixAsTheBank, decodeQrImage, dragSheetDown, expectValidBrCode } from '../support/pix';

/**
 * Advance (/antecipacao). Whether a contract can advance depends on the calendar (ADR 002); the factory
 * dates bills from the server's clock so that both branches exist on every day of the month: Maria's
 * Civic has its bill of the month paid early (always eligible) and Alfa's Hilux is due on the month's last day
 * (its bill of the month is always still to be debited: 'Antecipação não disponível' with that date).
 * Each test reads the forecast the screen itself received and checks the screen against it.
 * (The overdue case of the sheet is in payments-pix.spec.ts.)
 */

interface Forecast {
  conteudo: { valor: number; docDueDate: string | null; elegivel: boolean; motivo: string | null; dataAgendada: string | null };
}

const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ');
const ddmmyyyy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/**
 * Makes the customer and logs them in, chooses the vehicle (in the page's own selector of /pagamentos, when the
 * customer has several) and opens /antecipacao from there; answers the forecast the screen loaded.
 */
async function openAdvance(page: Page, request: APIRequestContext, spec: CustomerSpec, vehicle: string | null, key: string) {
  const customer = await loggedIn(page, request, spec, '/pagamentos');
  const nCtrId = customer.contracts[key];
  const main = page.getByRole('main');
  if (vehicle) await main.getByRole('combobox', { name: 'Veículo' }).selectOption({ label: vehicle });
  const forecast = page.waitForResponse(
    (r) => r.request().method() === 'GET' && r.url().endsWith(`/api/payments/contracts/${nCtrId}/advance`),
  );
  await main.getByRole('link', { name: 'Antecipar fatura' }).click();
  await expectPath(page, '/antecipacao');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ANTECIPAÇÃO DE FATURA', { useInnerText: true });
  const res = await forecast;
  expect(res.status()).toBe(200);
  return { customer, forecast: (await res.json()) as Forecast };
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a customer advances the next invoice of her Civic by Pix', async ({ page, request }) => {
  const { customer: maria, forecast } = await openAdvance(page, request, mariaSpec(), 'QWE7D89 CIVIC EXL 2.0', 'civic');
  const main = page.getByRole('main');
  await expect(main.getByRole('combobox', { name: 'Veículo' }).locator('option:checked')).toHaveText('QWE7D89 CIVIC EXL 2.0');
  const f = forecast.conteudo;
  await expect(main.getByRole('region', { name: 'Valor a antecipar' })).toContainText(brl(f.valor));

  // The spec pays the Civic's bill of the month early (paidThisMonth), so it can be advanced on any date.
  expect(f.elegivel).toBe(true);

  // The method is required.
  await main.getByRole('button', { name: 'Solicitar Antecipação' }).click();
  await expect(main.getByRole('alert')).toHaveText('Selecione um método de pagamento para antecipação');

  // Pix: the confirmation warns that it cannot be undone.
  const method = main.getByRole('combobox', { name: 'Método de pagamento' });
  await expect(method.getByRole('option')).toHaveText(['Selecione', 'Pix', 'Cartão de Crédito', 'Link de pagamento']);
  await method.selectOption({ label: 'Pix' });
  await main.getByRole('button', { name: 'Solicitar Antecipação' }).click();
  const confirm = page.getByRole('dialog', { name: 'Antecipar com Pix' });
  await expect(confirm).toContainText('Ao gerar o Pix, esta ação não poderá ser desfeita.');
  await expect(confirm).toContainText(brl(f.valor));
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/payments/contracts/${maria.contracts.civic}/advance`),
  );
  await confirm.getByRole('button', { name: 'Gerar Pix' }).click();
  const answer = (await (await created).json()) as {
    metodoPagamento: string;
    conteudo: { txid: string; chaveAleatoria: string; valor: number };
  };
  expect(answer.metodoPagamento).toBe('PI');
  expect(answer.conteudo.valor).toBe(f.valor);

  // The Pix result: QR valid for 2 hours, the key with 'Copiar Pix', the notice.
  await expect(main.getByText('QR code válido por 2 horas')).toBeVisible();
  await expect(main.getByText('Você será notificado assim que o pagamento for confirmado')).toBeVisible();
  const payload = await main.getByLabel('Pix copia e cola').inputValue();
  expect(payload).toBe(answer.conteudo.chaveAleatoria);
  expectValidBrCode(payload, { amount: (f.valor / 100).toFixed(2), txid: answer.conteudo.txid });
  expect(await decodeQrImage(page)).toBe(payload);
  await main.getByRole('button', { name: 'Copiar Pix' }).click();
  await expect(main.getByText('Código Pix copiado!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payload);

  // Paid: the screen says so by itself; the advanced bill shows as paid and there is nothing left to advance.
  expect(await confirmPixAsTheBank(request, answer.conteudo.txid)).toBe('paid');
  await expect(main.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  await main.getByRole('link', { name: 'Ver pagamentos' }).click();
  await expectPath(page, '/pagamentos');
  await expect(main.getByRole('row').filter({ hasText: ddmmyyyy(f.docDueDate!) })).toContainText('Pago');
  await main.getByRole('link', { name: 'Antecipar fatura' }).click();
  await expect(main.getByText('Você não possui faturas para antecipação!')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a contract whose bill of the month is still to be debited shows 'Antecipação não disponível' with the date", async ({
    page,
    request,
  }) => {
    // Alfa's Hilux is due on the last day of each month: never eligible, whatever today is.
    const { forecast } = await openAdvance(page, request, alfaSpec(), null, 'hilux');
    const f = forecast.conteudo;
    const main = page.getByRole('main');
    const sheet = page.getByRole('dialog', { name: 'Antecipação não disponível' });
    expect(f.elegivel).toBe(false);
    expect(f.motivo).toBe('PENDING_DEBIT');
    const text = `A antecipação só é possível após o débito da mensalidade deste mês, agendado para ${ddmmyyyy(f.dataAgendada!)}.`;
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(text);

    // A short drag springs back; beyond 80 px it closes (300 ms animation).
    await dragSheetDown(page, sheet, 40);
    await expect(sheet).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)'); // back in place
    await dragSheetDown(page, sheet, 120);
    await expect(sheet).toBeHidden();

    // The reason stays on the page; asking anyway shows the sheet again.
    await expect(main.getByRole('region', { name: 'Valor a antecipar' })).toContainText(text);
    await main.getByRole('combobox', { name: 'Método de pagamento' }).selectOption({ label: 'Cartão de Crédito' });
    await main.getByRole('button', { name: 'Solicitar Antecipação' }).click();
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Entendi' }).click();
    await expect(sheet).toBeHidden();
  });
});

test("a logged-out visit to a plate's payments goes to the login and, after it, back to that plate's payments", async ({
  page,
  request,
}) => {
  const maria: TestCustomer = await newCustomer(request, mariaSpec());
  await page.goto('/pagamentos/placa/RTA1B23');
  await expectPath(page, '/', '?placa=RTA1B23');
  await enterDocument(page, maria.document);
  await enterCode(page, await sendCode(page, request, maria));
  await expectPath(page, '/pagamentos/placa/RTA1B23');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Pagamentos/i);
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Veículo' }).locator('option:checked')).toHaveText(
    'RTA1B23 ONIX LT 1.0',
  );
});
