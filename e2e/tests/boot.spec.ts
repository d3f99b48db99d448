import { expect, test, type Page } from '@playwright/test';
import { mariaSpec } from '../support/customers';
import { expectPath, loggedIn } from '../support/login';
import { renderInBrowser } from '../support/browser-render';

// Each test logs in through the outbox; on a busy machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });

/**
 * ADR 058: a logged-in page load asks one boot request (POST /api/auth/boot, started by the page's HTML) for the
 * tokens and the first screen's data, instead of refresh → contracts → bills one after the other. Since ADR 059 a
 * page whose request carries a live page cookie comes rendered by the server instead (server-render.spec.ts); these
 * tests load pages without it (`renderInBrowser`), as a customer whose page cookie has expired does.
 */

/**
 * The API calls of the next page the tab loads, as 'METHOD /path': from its commit on, so a poll the page being left
 * sends while the next one loads (the position's, the bell's) is not counted as the new page's.
 */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  let committed = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) committed = true;
  });
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (committed && url.pathname.startsWith('/api/')) calls.push(`${req.method()} ${url.pathname}`);
  });
  return calls;
}

test('a reload of the start page renders the chosen contract from one boot request', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  const main = page.getByRole('main');
  // The Civic, through the route (the boot is told the route's contract).
  await page.goto(`/dashboard/${maria.contracts.civic}`);
  await expect(main.getByText(`nº ${maria.contracts.civic}`)).toBeVisible();

  const calls = recordApiCalls(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('QWE7D89');
  await expect(main.getByText(`nº ${maria.contracts.civic}`)).toBeVisible();
  await expect(main.getByRole('list', { name: 'Coberturas' })).toBeVisible();
  await expect(main.getByText('Total em aberto:')).toContainText(/R\$\s\d/);
  await expect(page.getByRole('banner').getByText('Olá, Maria!').first()).toBeAttached();
  // The contracts, the customer, the bell's count, the contract's detail, bills and advance forecast: all in the boot.
  const data = calls.filter((c) => c !== 'GET /api/config');
  expect(data).toEqual(['POST /api/auth/boot']);

  // The same page without an id in the route shows the stored choice (the Civic), again from the boot alone.
  page.removeAllListeners('request');
  page.removeAllListeners('framenavigated');
  const next = recordApiCalls(page);
  await page.goto('/dashboard');
  await expect(main.getByText(`nº ${maria.contracts.civic}`)).toBeVisible();
  await expect(main.getByText('Total em aberto:')).toContainText(/R\$\s\d/);
  expect(next.filter((c) => c !== 'GET /api/config')).toEqual(['POST /api/auth/boot']);

  // Navigating inside the app asks as before: the boot's data is only the first screen's.
  await main.getByRole('link', { name: 'Pagamentos', exact: true }).click();
  await expectPath(page, `/pagamentos/${maria.contracts.civic}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagamentos');
  await expect.poll(() => next).toContain(`GET /api/contracts/${maria.contracts.civic}/bills`);
});

test('a reload of the open invoice renders it from the boot (with the payments summary)', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  await page.goto('/pagamentos/fatura-em-aberto');
  await expect(
    page
      .getByRole('main')
      .getByText(/multa R\$/)
      .first(),
  ).toBeVisible();
  const calls = recordApiCalls(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagamento de fatura', { ignoreCase: true });
  await expect(
    page
      .getByRole('main')
      .getByText(/multa R\$/)
      .first(),
  ).toBeVisible();
  expect(calls.filter((c) => c !== 'GET /api/config')).toEqual(['POST /api/auth/boot']);
});

test('a reload of Meu plano, Suporte, Mapa, Notificações, Sinistros, a claim screen and a claim renders each from the boot alone', async ({
  page,
  request,
}) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  const main = page.getByRole('main');
  // Each route with what its first screen shows once its data is there (before the boot it came a round trip later).
  const routes: [string, () => Promise<void>][] = [
    ['/meu-plano', () => expect(main.getByText(/Mensalidade R\$/)).toBeVisible()],
    ['/suporte', () => expect(main.getByRole('button', { name: /Minhas solicitações \(\d+\)/ })).toBeVisible()],
    ['/mapa', () => expect(main.getByRole('list', { name: 'Lista de viagens' }).getByRole('listitem').first()).toBeVisible()],
    [
      '/notificacoes',
      async () => {
        // Nothing has happened to her yet.
        const list = main.getByRole('region', { name: 'Lista de notificações' });
        await expect(list.getByText('Nenhuma notificação por enquanto.')).toBeVisible();
        await expect(main.getByRole('group', { name: 'Avisos por e-mail de:' })).toBeVisible();
      },
    ],
    ['/sinistros', () => expect(main.getByRole('link', { name: /^Caso nº / }).first()).toBeVisible()],
    // Maria's Onix has an open collision claim waiting for photos: the claim screen goes on to its evidence steps.
    [
      `/sinistros/${maria.contracts.onix}`,
      async () => {
        await expect(main.getByRole('heading', { name: 'EVIDÊNCIA DO SINISTRO' })).toBeVisible();
        // The steps come from the claim's view (its photo types): the step it had reached.
        await expect(main.getByText(/^Etapa \d+ de \d+$/)).toBeVisible();
      },
    ],
  ];
  for (const [path, shown] of routes) {
    await page.goto(path);
    await shown();
    const calls = recordApiCalls(page);
    await page.reload();
    await shown();
    // Nothing else asked once the screen has settled (the position and notification polls come seconds later).
    await page.waitForLoadState('networkidle');
    // The map's tiles (demo mode serves them from /api/dev) are images, not data.
    expect(
      calls.filter((c) => c !== 'GET /api/config' && !c.startsWith('GET /api/dev/tile')),
      path,
    ).toEqual(['POST /api/auth/boot']);
    page.removeAllListeners('request');
    page.removeAllListeners('framenavigated');
  }
  // A claim's tracking page, reached from the list: the boot is told its case number.
  await page.goto('/sinistros');
  await main
    .getByRole('link', { name: /^Caso nº / })
    .first()
    .click();
  await expect(main.getByRole('heading', { name: 'Etapas' })).toBeVisible();
  const calls = recordApiCalls(page);
  await page.reload();
  await expect(main.getByRole('heading', { name: 'Etapas' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls.filter((c) => c !== 'GET /api/config')).toEqual(['POST /api/auth/boot']);
});

test('an early script that arrives after the app still makes the one boot request: the app waits for it', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  await page.goto(`/pagamentos/${maria.contracts.onix}`);
  await expect(page.getByRole('main').getByText('Total em aberto:').first()).toContainText(/R\$\s\d/);
  // A busy machine or network: the tiny early script comes well after the app's modules.
  await page.route('**/assets/early-refresh-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  const calls = recordApiCalls(page);
  await page.reload();
  await expect(page.getByRole('main').getByText('Total em aberto:').first()).toContainText(/R\$\s\d/);
  await page.waitForLoadState('networkidle');
  expect(calls.filter((c) => c !== 'GET /api/config')).toEqual(['POST /api/auth/boot']);
});

test('a contract id beyond what the server accepts is not sent: the reload keeps the customer logged in', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  await page.goto('/dashboard/999999999999');
  await page.reload();
  await expect(page.getByRole('banner').getByText('Olá, Maria!').first()).toBeAttached();
  await page.goto('/cadastro');
  await expectPath(page, '/cadastro');
});

test('a boot request that fails falls back to a plain refresh: the page loads, the customer stays logged in', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  await page.route('**/api/auth/boot', (route) => route.abort('connectionfailed'));
  const calls = recordApiCalls(page);
  await page.goto(`/pagamentos/${maria.contracts.onix}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagamentos');
  await expect(page.getByRole('main').getByText('Total em aberto:').first()).toContainText(/R\$\s\d/);
  expect(calls).toContain('POST /api/auth/refresh');
  expect(calls).toContain('GET /api/contracts');
  // Each part once: the page and its 'Antecipar' link read the same advance forecast a moment apart.
  await page.waitForLoadState('networkidle');
  expect(calls.filter((c) => c.endsWith('/advance'))).toEqual([`GET /api/payments/contracts/${maria.contracts.onix}/advance`]);
});

test('a part the boot left out is asked by the page, with its error and retry when that fails too', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  // The server could not read the bills for the boot (it leaves a failed part out), nor for the page.
  await page.route('**/api/auth/boot', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { start?: { bills?: unknown } };
    delete body.start?.bills;
    await route.fulfill({ response: res, json: body });
  });
  const failing = (route: import('@playwright/test').Route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ sucesso: false, status: 503, erro: 'UNAVAILABLE', mensagem: 'Serviço indisponível.' }),
    });
  await page.route(/\/api\/contracts\/\d+\/bills$/, failing);
  await page.goto(`/dashboard/${maria.contracts.onix}`);
  const main = page.getByRole('main');
  const retry = main.getByRole('button', { name: 'Tentar novamente' });
  await expect(retry).toBeVisible({ timeout: 15_000 });
  await expect(main).not.toContainText(/R\$\s0,00/);
  await page.unroute(/\/api\/contracts\/\d+\/bills$/, failing);
  await retry.click();
  await expect(main.getByText('Total em aberto:')).toContainText(/R\$\s\d/);
});

// Plan, trips, requests and claims left out of the boot and failing: data-states.spec.ts (its failRequests drops the part).
test("Notificações' list and e-mail choices left out of the boot are asked by the page, with 'Tentar novamente' when that fails", async ({
  page,
  request,
}) => {
  await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  await page.route('**/api/auth/boot', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { notifications?: unknown; preferences?: unknown };
    delete body.notifications;
    delete body.preferences;
    await route.fulfill({ response: res, json: body });
  });
  const failing = /\/api\/notifications(\/preferences)?(\?.*)?$/;
  const unavailable = (route: import('@playwright/test').Route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ sucesso: false, status: 503, erro: 'UNAVAILABLE', mensagem: 'Serviço indisponível.' }),
    });
  await page.route(failing, unavailable);
  await page.goto('/notificacoes');
  const main = page.getByRole('main');
  const retry = main.getByRole('button', { name: 'Tentar novamente' });
  // One for the list, one for the e-mail choices.
  await expect(retry).toHaveCount(2, { timeout: 15_000 });
  await page.unroute(failing, unavailable);
  await retry.first().click();
  // Nothing has happened to her yet: her list is empty.
  const list = main.getByRole('region', { name: 'Lista de notificações' });
  await expect(list.getByText('Nenhuma notificação por enquanto.')).toBeVisible();
  await expect(retry).toHaveCount(1);
  await retry.first().click();
  await expect(main.getByRole('group', { name: 'Avisos por e-mail de:' })).toBeVisible();
  await expect(retry).toHaveCount(0);
});
