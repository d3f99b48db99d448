import { expect, test } from '@playwright/test';
import { pedroSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { tabTo } from '../support/keyboard';
import { destination, expectPath, sendAndReadCode, stepHeading } from '../support/login';
import { confirmPixAsTheBank } from '../support/pix';

// Each test logs in through the outbox; on a busy machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });

/**
 * Issue 8: the whole way from the login to paying an overdue bill by Pix and logging out, with the keyboard
 * only (Tab, Shift+Tab, Enter, Space, typing). Pedro's only contract has one overdue bill: R$ 456,40 (its
 * price-table fee) + multa R$ 9,13 + juros R$ 3,04 = R$ 468,57.
 */
test('keyboard only: log in, pay the overdue bill by Pix, log out', async ({ page, request }) => {
  const pedro = await newCustomer(request, pedroSpec());
  await page.goto('/');

  // Login, step 1: the document field and Enter.
  await tabTo(page, page.getByLabel('CPF ou CNPJ'));
  await page.keyboard.type(pedro.document.replace(/\D/g, ''));
  await page.keyboard.press('Enter');

  // Step 2: 'Enviar código'.
  await expect(page.getByRole('heading', { name: stepHeading.channel })).toBeFocused();
  const code = await sendAndReadCode(request, destination(pedro, 'sms'), async () => {
    await tabTo(page, page.getByRole('button', { name: 'Enviar código' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: stepHeading.code })).toBeVisible();
  });

  // Step 3: the code and Enter.
  await tabTo(page, page.getByLabel('Código de validação'));
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expectPath(page, '/dashboard');

  // The overdue banner is the first thing on the start page, with the amount explained.
  const main = page.getByRole('main');
  const banner = main.getByRole('region', { name: /^Fatura vencida/ });
  await expect(banner).toContainText('Fatura vencida R$ 468,57');
  await expect(banner).toContainText('R$ 456,40');
  await expect(banner).toContainText('multa R$ 9,13');
  await expect(banner).toContainText('juros R$ 3,04');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await tabTo(page, banner.getByRole('link', { name: 'Pagar com Pix' }));
  await page.keyboard.press('Enter');
  await expectPath(page, '/pagamentos/fatura-em-aberto');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // The payment method is a radio group reached with Tab; arrows move the choice, as in any radio group.
  const methods = main.getByRole('radiogroup', { name: 'Forma de pagamento' });
  const pix = methods.getByRole('radio', { name: 'Pix' });
  const card = methods.getByRole('radio', { name: 'Cartão de Crédito' });
  await expect(pix).toBeChecked();
  await tabTo(page, pix);
  await page.keyboard.press('ArrowUp');
  await expect(card).toBeChecked();
  await expect(card).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(pix).toBeChecked();

  const created = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/payments\/contracts\/\d+\/pix$/.test(r.url()));
  await tabTo(page, main.getByRole('button', { name: 'Gerar Pix' }));
  await page.keyboard.press('Enter');
  const txid = ((await (await created).json()) as { conteudo: { txid: string } }).conteudo.txid;
  await expect(main.getByLabel('Pix copia e cola')).toBeVisible();
  await tabTo(page, main.getByRole('button', { name: 'Copiar Pix' }));

  // The bank confirms; the screen says so by itself.
  expect(await confirmPixAsTheBank(request, txid)).toBe('paid');
  await expect(main.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();

  // Log out from the menu.
  await tabTo(page, page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Sair' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expectPath(page, '/');
  await expect(page.getByRole('heading', { name: stepHeading.document })).toBeVisible();
});
