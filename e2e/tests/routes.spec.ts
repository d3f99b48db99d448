import { expect, test } from '@playwright/test';
import { MARIA_VEHICLES, joaoSpec, mariaSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { expectPath, loggedIn, stepHeading } from '../support/login';

test('logged in: redirects of /, the aliases and the contract in the address', async ({ page, request }) => {
  // Every API answer this customer's browser receives, to prove another customer's contract never reaches it.
  const bodies: string[] = [];
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname.startsWith('/api/')) bodies.push(await res.text().catch(() => ''));
  });
  const joao = await newCustomer(request, joaoSpec());
  const maria = await loggedIn(page, request, mariaSpec());

  await page.goto('/?placa=ABC-1D23');
  await expectPath(page, '/pagamentos/placa/ABC%201D23');
  await page.goto('/');
  await expectPath(page, '/dashboard');

  await page.goto('/painel');
  await expectPath(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MARIA_VEHICLES[0]);
  await page.goto('/Dashboard');
  await expectPath(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MARIA_VEHICLES[0]);

  // Another customer's contract: refused, none of its data shown or sent.
  await page.goto(`/dashboard/${joao.contracts.gol}`);
  const main = page.getByRole('main');
  await expect(main.getByText(/^Contrato não encontrado/)).toBeVisible();
  await expect(main).not.toContainText('PQR2E34');
  await expect(main).not.toContainText('Guarita Recuperação');
  await expect(page.getByRole('combobox', { name: 'Veículo' })).not.toContainText('PQR2E34');
  expect(bodies.filter((b) => b.includes('PQR2E34') || b.includes(`${joao.contracts.gol}`))).toEqual([]);

  // One of hers: selected, and the choice is kept.
  await page.goto(`/dashboard/${maria.contracts.civic}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MARIA_VEHICLES[2]);
  const vehicle = page.getByRole('combobox', { name: 'Veículo' });
  expect(await vehicle.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.label)).toBe(MARIA_VEHICLES[2]);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MARIA_VEHICLES[2]);
});

test('not logged in: customer deep links land on the login, unknown routes show the 404', async ({ page }) => {
  for (const path of ['/cadastro', '/pagamentos', '/dashboard', '/dashboard/123456', '/meu-plano', '/suporte', '/aviso']) {
    await page.goto(path);
    // The login returns to the page asked for (issue 24 item 10); the start page is where it goes anyway.
    await expectPath(page, '/', path === '/dashboard' ? '' : `?voltar=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { name: stepHeading.document }), `after ${path}`).toBeVisible();
  }
  await page.goto('/painel');
  await expectPath(page, '/');
  // The payments of a plate keep the plate, so the login can land back there.
  await page.goto('/pagamentos/placa/ABC-1D23');
  await expectPath(page, '/', '?placa=ABC-1D23');
  await expect(page.getByRole('heading', { name: stepHeading.document })).toBeVisible();

  await page.goto('/rota-que-nao-existe');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
  await page.goto('/CADASTRO');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
});
