import { expect, test, type Page } from '@playwright/test';
import { joaoSpec } from '../support/customers';
import { loggedIn } from '../support/login';

/** Due-date change as a customer (issue 12 §3): João's Gol (due on the 15th, R$ 89,80 — its price-table fee) moves to the 25th. */

test.describe.configure({ timeout: 90_000 });

const main = (page: Page) => page.getByRole('main');

test('a due-date change with the pro-rata shown; after sending, the request is pending approval with its protocol', async ({
  page,
  request,
}) => {
  const joao = await loggedIn(page, request, joaoSpec());
  await page.goto(`/suporte/${joao.contracts.gol}`);
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
  const sent = main(page).getByRole('status').filter({ hasText: 'Solicitação enviada com sucesso!' });
  await expect(sent).toBeVisible();
  // Staff approve it (issue 24 item 15): the contract keeps the 15th until then, and nothing sends it twice.
  const protocol = (await sent.textContent())!.match(/Protocolo da solicitação: (\d{4}-\d{6})/)![1]!;
  await expect(sent).toContainText(
    'Pedido de alteração para o dia 25 aguardando aprovação da nossa equipe. Até lá, o vencimento continua no dia 15.',
  );
  await expect(main(page).getByText('Vencimento atual: dia 15')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar alteração' })).toHaveCount(0);
  const list = main(page).getByRole('region', { name: /Minhas solicitações/ });
  await expect(list.getByRole('button', { name: /Alteração de Vencimento/ }).filter({ hasText: 'Aberto' })).toHaveCount(1);

  // Later (a reload): choosing the type again says the request is open, with its protocol and a link (item 14).
  await page.reload();
  await page.getByLabel('Tipo de solicitação').selectOption({ label: 'Alteração de Vencimento' });
  await expect(
    main(page).getByText(`Você já tem uma solicitação de Alteração de Vencimento em aberto: protocolo ${protocol}`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Escolher novo dia de vencimento' })).toHaveCount(0);
  await main(page)
    .getByRole('link', { name: `Ver solicitação ${protocol}` })
    .click();
  await expect(page.getByRole('dialog', { name: `Solicitação ${protocol}` })).toBeVisible();
});
