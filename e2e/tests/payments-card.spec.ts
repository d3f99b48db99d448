import { expect, test, type Page } from '@playwright/test';
import { MARIA_VEHICLES, mariaSpec } from '../support/customers';
import { expectPath, loggedIn } from '../support/login';

/**
 * Card payments as Maria would do them (issue 3): the overdue bill of RTA1B23 (the Onix, with a seller
 * code) paid with the card on file, and the card of QWE7D89 changed with the gateway sandbox's declining, then
 * approving, test cards. Each test logs in itself (refresh tokens rotate; no shared storage state).
 */

const SANDBOX = { approves: '5555555555554444', declines: '4000000000000002' } as const;
const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

const main = (page: Page) => page.getByRole('main');
const history = (page: Page) => main(page).getByRole('region', { name: 'Histórico de pagamentos' });

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Número do cartão').pressSequentially(number);
  await page.getByLabel('Validade (MM/AA)').pressSequentially(`12${nextYear}`);
  await page.getByLabel('CVV').pressSequentially('123');
  await page.getByLabel('Nome impresso no cartão').pressSequentially('Maria A Souza');
}

test('pays the overdue bill with the card on file and sees it paid, with nothing left open', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());

  // The payments page of RTA1B23: one overdue ('Inadimplente') bill, something open.
  await page.goto(`/pagamentos/${maria.contracts.onix}`);
  const overdue = history(page).getByRole('row').filter({ hasText: 'Inadimplente' });
  await expect(overdue).toHaveCount(1);
  const dueDate = (await overdue.getByRole('cell').first().textContent())!.trim();
  expect(dueDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(main(page).getByText(/Total em aberto:/)).not.toContainText('R$ 0,00');

  await main(page).getByRole('link', { name: 'Pagar fatura em aberto' }).click();
  await expectPath(page, '/pagamentos/fatura-em-aberto');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento de fatura' })).toHaveText('PAGAMENTO DE FATURA', {
    useInnerText: true,
  });
  await page.getByRole('radio', { name: 'Cartão de Crédito' }).check();

  // The card on file (brand and last digits), 'Trocar cartão' and 'Confirmar pagamento'.
  await expect(main(page).getByText('**** **** **** 4242')).toBeVisible();
  await expect(main(page).getByText('Visa', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trocar cartão' })).toBeVisible();

  // A double click charges once: the button is disabled while the first request is under way.
  const payments: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/card-payment')) payments.push(r.headers()['idempotency-key'] ?? '');
  });
  await page.getByRole('button', { name: 'Confirmar pagamento' }).dblclick();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Pagamento solicitado com sucesso!' })).toBeVisible();
  await expect(dialog).toContainText('no cartão final 4242');
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatch(/^[0-9a-f-]{36}$/);

  // Closing goes to /pagamentos, where the bill is paid and nothing is open any more.
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expectPath(page, '/pagamentos');
  await expect(main(page).getByText(/Total em aberto:/)).toContainText('R$ 0,00');
  const paidRow = history(page).getByRole('row').filter({ hasText: dueDate });
  await expect(paidRow).toContainText('Pago');
  await expect(history(page)).not.toContainText('Inadimplente');
});

test('changes the card: a declining test card fails, an approving one becomes the card on file', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());

  await page.goto('/pagamentos/cartao');
  await expect(page.getByRole('heading', { level: 1, name: 'Trocar Cartão' })).toBeVisible(); // desktop title
  // The page's own vehicle selector stays on this page.
  await main(page).getByRole('combobox', { name: 'Veículo' }).selectOption({ label: MARIA_VEHICLES[2] });
  await expectPath(page, '/pagamentos/cartao');
  await expect(main(page).getByText('**** **** **** 0005')).toBeVisible();

  await main(page).getByRole('link', { name: 'Adicionar um novo cartão' }).click();
  await expectPath(page, '/pagamentos/adicionar-cartao');
  const confirm = page.getByRole('button', { name: 'Confirmar troca de cartão' });
  await expect(confirm).toBeDisabled();

  // The issuer declines.
  await fillCard(page, SANDBOX.declines);
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4000 0000 0000 0002');
  await confirm.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meio de Pagamento' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Erro ao atualizar cartão' })).toBeVisible();
  await expect(main(page)).toContainText('Cartão recusado pelo emissor.');

  // Trying again keeps the name and the expiry; only the number and CVV are typed again.
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByLabel('Nome impresso no cartão')).toHaveValue('Maria A Souza');
  await expect(page.getByLabel('Validade (MM/AA)')).toHaveValue(`12/${nextYear}`);
  await expect(page.getByLabel('Número do cartão')).toHaveValue('');
  await page.getByLabel('Número do cartão').pressSequentially(SANDBOX.approves);
  await expect(main(page).getByText('Mastercard')).toBeVisible(); // the detected brand
  await page.getByLabel('CVV').pressSequentially('321');
  await confirm.click();

  await expect(page.getByRole('heading', { name: 'Cartão de crédito atualizado com sucesso!' })).toBeVisible();
  await expect(main(page)).toContainText('As próximas mensalidades serão debitadas neste novo cartão.');
  await expect(main(page).getByText('**** **** **** 4444')).toBeVisible();

  // The payments page of that vehicle shows the new card.
  await main(page).getByRole('link', { name: 'Voltar para pagamentos' }).click();
  await expectPath(page, '/pagamentos');
  const card = main(page).getByRole('region', { name: 'Cartão cadastrado' });
  await expect(card).toContainText('**** **** **** 4444');
  await expect(card).toContainText('Mastercard');
  // Nothing of the card is kept in the browser's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
  expect(stored).not.toContain(SANDBOX.approves);
  expect(stored).not.toContain('4444');
});

test('on a phone the change-card page is titled TROCA DE CARTÃO and the form fits the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loggedIn(page, request, mariaSpec());
  await page.goto('/pagamentos/adicionar-cartao');
  await expect(page.getByRole('heading', { level: 1, name: 'Troca de cartão' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TROCA DE CARTÃO', { useInnerText: true });
  await expect(page.getByText('Trocar Cartão', { exact: true })).toBeHidden();
  await expect(page.getByLabel('Número do cartão')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
