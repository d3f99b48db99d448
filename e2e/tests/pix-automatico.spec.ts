import { expect, test, type Page } from '@playwright/test';
import { contractOf } from '../support/factory';
import { expectPath, loggedIn } from '../support/login';
import { quietSpec } from '../support/customers';

/**
 * Pix Automático for the monthly fee (issue 27 item 6; ADR 077), on a phone: the customer authorises it from
 * Pagamentos, approves it in the sandbox's "bank app", and the next bill the contract issues is debited and shows paid
 * without the customer doing anything. The bank is the demo sandbox PSP; the bill comes from the e2e server's factory
 * (TEST_FACTORIES, ADR 071), as the billing run would issue it.
 */

const main = (page: Page) => page.getByRole('main');
/** A folder to write screenshots into, when someone wants to look at the screens. */
const shots = process.env.PIX_AUTOMATICO_SHOTS;

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('authorise, approve at the bank, and a new bill is paid by itself', async ({ page, request }) => {
    const customer = await loggedIn(page, request, quietSpec('Renata Pires Duarte'));
    const nCtrId = contractOf(customer, 'onix');

    // From Pagamentos to the Pix Automático screen.
    await page.goto(`/pagamentos/${nCtrId}`);
    await main(page).getByRole('link', { name: 'Ver Pix Automático' }).click();
    await expectPath(page, '/pagamentos/pix-automatico');
    await expect(page.getByRole('heading', { level: 1, name: 'Pix Automático' })).toBeVisible();

    // The consent is required, with a message; then 'Autorizar'.
    const authorise = main(page).getByRole('button', { name: 'Autorizar Pix Automático' });
    await authorise.click();
    await expect(main(page).getByText('Confirme que autoriza o débito automático das mensalidades.')).toBeVisible();
    await main(page)
      .getByRole('checkbox', { name: /Autorizo o débito automático mensal/ })
      .check();
    await authorise.click();

    // Pending: the QR the bank app reads, its copia e cola, and (demo) the sandbox bank's approval page.
    await expect(main(page).getByText('Pendente de autorização')).toBeVisible();
    await expect(main(page).getByRole('img', { name: /QR code para autorizar o Pix Automático/ })).toBeVisible();
    await expect(main(page).getByLabel('Pix copia e cola da autorização')).toHaveValue(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    if (shots) await page.screenshot({ path: `${shots}/pix-automatico-pending-360.png`, fullPage: true });
    await main(page).getByRole('link', { name: 'aprovar no banco de demonstração' }).click();

    // The "bank app": the request, then 'Autorizar'.
    await expect(page.getByRole('heading', { level: 1, name: 'Autorizar Pix Automático' })).toBeVisible();
    await expect(page.getByText('Contrato')).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/pix-automatico-bank-360.png`, fullPage: true });
    await page.getByRole('button', { name: 'Autorizar Pix Automático' }).click();
    await expect(page.getByRole('status')).toContainText('Pix Automático autorizado.');
    await page.getByRole('link', { name: 'Voltar para a Guarita' }).click();

    // Back in the app: active, nothing debited yet.
    await expectPath(page, '/pagamentos/pix-automatico');
    await expect(main(page).getByText('Ativo', { exact: true })).toBeVisible();
    await expect(main(page).getByText('Nenhuma fatura ainda.', { exact: false })).toBeVisible();

    // The contract issues its next bill (due in 5 days): it goes to the bank and is debited.
    const issued = await request.post(`/api/test/contracts/${nCtrId}/bills`, { data: { dueInDays: 5 } });
    expect(issued.status(), await issued.text()).toBe(201);
    const { dueDate } = (await issued.json()) as { dueDate: string };
    const shown = dueDate.split('-').reverse().join('/');

    // The customer opens the app later: the bill is paid, without having done anything.
    await page.goto('/pagamentos/pix-automatico');
    const item = main(page)
      .getByRole('listitem')
      .filter({ hasText: `Fatura com vencimento em ${shown}` });
    await expect(item.getByText('Paga')).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/pix-automatico-active-360.png`, fullPage: true });
    await page.goto(`/pagamentos/${nCtrId}`);
    const row = main(page).getByRole('region', { name: 'Histórico de pagamentos' }).getByRole('row').filter({ hasText: shown });
    await expect(row).toContainText('Pago');

    // Cancelling asks first, then it is over.
    await page.goto('/pagamentos/pix-automatico');
    await main(page).getByRole('button', { name: 'Cancelar Pix Automático' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar o Pix Automático?' });
    await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(main(page).getByText('Cancelado', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Autorizar Pix Automático' })).toBeVisible();

    if (shots) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${shots}/pix-automatico-ended-1280.png`, fullPage: true });
    }
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the waiting authorisation shows the QR beside its copia e cola, and nothing scrolls sideways', async ({ page, request }) => {
    const customer = await loggedIn(page, request, quietSpec('Otávio Lima Prado'));
    await page.goto(`/pagamentos/${contractOf(customer, 'onix')}`);
    await main(page).getByRole('link', { name: 'Ver Pix Automático' }).click();
    await main(page)
      .getByRole('checkbox', { name: /Autorizo o débito automático mensal/ })
      .check();
    await main(page).getByRole('button', { name: 'Autorizar Pix Automático' }).click();
    const qr = main(page).getByRole('img', { name: /QR code para autorizar o Pix Automático/ });
    const field = main(page).getByLabel('Pix copia e cola da autorização');
    await expect(qr).toBeVisible();
    const [q, f] = [(await qr.boundingBox())!, (await field.boundingBox())!];
    expect(f.x).toBeGreaterThan(q.x + q.width); // side by side
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/pix-automatico-pending-1280.png`, fullPage: true });
  });
});
