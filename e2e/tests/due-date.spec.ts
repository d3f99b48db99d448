import { expect, test, type Page } from '@playwright/test';
import { JOAO } from '../support/demo';
import { login } from '../support/login';

/** Due-date change as a customer (issue 12 §3): João's Gol (due on the 15th, R$ 89,80 — its price-table fee) moves to the 25th. */

test.describe.configure({ timeout: 90_000 });

const main = (page: Page) => page.getByRole('main');

test('a due-date change with the pro-rata shown; after sending, the new due day is shown', async ({ page, request }) => {
  await login(page, request, JOAO);
  await page.goto('/suporte/200201');
  await page.getByLabel('Tipo de solicitação').selectOption({ label: 'Alteração de Vencimento' });
  await expect(main(page).getByText('Vencimento atual: dia 15')).toBeVisible();
  await page.getByRole('button', { name: 'Escolher novo dia de vencimento' }).click();
  const picker = page.getByRole('dialog', { name: 'Novo dia de vencimento' });
  await picker.getByRole('button', { name: '25', exact: true }).click();
  await picker.getByRole('button', { name: 'Ok' }).click();
  await expect(picker).toBeHidden();

  await expect(main(page).getByText(/^Próxima fatura \(valor proporcional\): R\$\s\d+,\d{2}$/)).toBeVisible();
  await expect(main(page).getByText('Demais meses: R$ 89,80')).toBeVisible();
  await expect(main(page).getByText(/^Próximo vencimento: 25\/\d{2}\/\d{4}$/)).toBeVisible();
  await page.getByRole('button', { name: 'Entenda o ajuste de fatura' }).click();
  const adjust = page.getByRole('dialog', { name: 'Ajuste de fatura' });
  await expect(adjust).toContainText(/Acréscimo proporcional: R\$\s\d+,\d{2}\.|Desconto proporcional: R\$\s\d+,\d{2}\./);
  await adjust.getByRole('button', { name: 'Entendi' }).click();

  await page.getByLabel('Telefone para contato (celular)').pressSequentially('31987654321');
  await page.getByLabel('Estou de acordo com a alteração.').check();
  await page.getByRole('button', { name: 'Confirmar alteração' }).click();
  await expect(main(page).getByText('Solicitação enviada com sucesso!')).toBeVisible();
  await expect(main(page).getByText('Vencimento atual: dia 25')).toBeVisible();
  const list = main(page).getByRole('region', { name: /Minhas solicitações/ });
  await expect(list.getByRole('button', { name: /Alteração de Vencimento/ }).filter({ hasText: 'Aberto' })).toHaveCount(1);

  // The same request again: one open due-date change per contract.
  await page.getByRole('button', { name: 'Confirmar alteração' }).click();
  await expect(main(page).getByText(/Caso duplicado: \d{4}-\d{6}/)).toBeVisible();
});
