import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@guarita/domain';
import { mariaSpec } from '../support/customers';
import { loggedIn } from '../support/login';
import { renderInBrowser } from '../support/browser-render';

// Each test logs in through the outbox; on a busy machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });

/**
 * Issue 8, item 2: every data screen shows an error with 'Tentar novamente' when its request fails (never wrong
 * data such as 'Total em aberto: R$ 0,00'), recovers when retried, and keeps its last data with an offline
 * banner when the connection drops. The pages are rendered in the browser (`renderInBrowser`): a page the server
 * rendered (ADR 059) came with its data, so its requests are the later ones. The API is made to fail with page.route, as a broken network would.
 */

const OFFLINE = 'Você está sem conexão. Mostrando os últimos dados carregados.';
const RETRY = 'Tentar novamente';

/** The boot answer's parts (ADR 058) and the GET each one stands for. */
type Boot = {
  contracts?: unknown;
  me?: unknown;
  unread?: unknown;
  start?: Record<string, unknown> & { nCtrId: number };
  mapConfig?: unknown;
  notifications?: unknown;
  preferences?: unknown;
  claims?: unknown;
  claim?: { caso: { CaseNumber: string } };
};
const bootParts = (b: Boot): { url: string; drop: () => void }[] => {
  const start = b.start;
  const ofContract = (key: string, url: string) => (start ? [{ url, drop: () => delete start[key] }] : []);
  const n = start?.nCtrId;
  return [
    { url: '/api/contracts', drop: () => delete b.contracts },
    { url: '/api/me', drop: () => delete b.me },
    { url: '/api/notifications/unread-count', drop: () => delete b.unread },
    ...ofContract('contract', `/api/contracts/${n}`),
    ...ofContract('bills', `/api/contracts/${n}/bills`),
    ...ofContract('advance', `/api/payments/contracts/${n}/advance`),
    ...ofContract('summary', `/api/payments/contracts/${n}`),
    ...ofContract('plan', `/api/plan/contracts/${n}`),
    ...ofContract('cases', `/api/cases/contracts/${n}`),
    ...ofContract('trips', `/api/trips/contracts/${n}`),
    ...ofContract('position', `/api/trips/contracts/${n}/position`),
    ...ofContract('claimEntry', `/api/claims/contracts/${n}`),
    { url: '/api/trips/map-config', drop: () => delete b.mapConfig },
    { url: '/api/notifications', drop: () => delete b.notifications },
    { url: '/api/notifications/preferences', drop: () => delete b.preferences },
    { url: '/api/claims', drop: () => delete b.claims },
    ...(b.claim ? [{ url: `/api/claims/cases/${b.claim.caso.CaseNumber}`, drop: () => delete b.claim }] : []),
  ];
};

/**
 * Makes every GET to URLs matching `pattern` answer 503 until the returned function is called. A page load's first
 * data comes in the boot answer: what it holds of those URLs is left out, as the server leaves out a part it could
 * not read, so the page asks for it and meets the failure.
 */
async function failRequests(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const handler = (route: import('@playwright/test').Route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ sucesso: false, status: 503, erro: 'UNAVAILABLE', mensagem: 'Serviço indisponível.' }),
        })
      : route.fallback();
  const boot = async (route: import('@playwright/test').Route) => {
    const res = await route.fetch();
    if (!res.ok()) return route.fulfill({ response: res });
    const body = (await res.json()) as Boot;
    for (const part of bootParts(body)) if (pattern.test(part.url)) part.drop();
    return route.fulfill({ response: res, json: body });
  };
  await page.route(pattern, handler);
  await page.route('**/api/auth/boot', boot);
  return async () => {
    await page.unroute(pattern, handler);
    await page.unroute('**/api/auth/boot', boot);
  };
}

test('payments: a failed bills request shows an error with retry, never a zero total', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  const restore = await failRequests(page, /\/api\/contracts\/\d+\/bills$/);
  await page.goto(`/pagamentos/${maria.contracts.onix}`);
  const main = page.getByRole('main');
  const retry = main.getByRole('button', { name: RETRY }).first();
  await expect(retry).toBeVisible({ timeout: 15_000 });
  await expect(main.getByRole('alert').first()).toBeVisible();
  await expect(main).not.toContainText(/R\$\s0,00/);
  await expect(main.getByText('Total em aberto:')).toHaveCount(0);

  await restore();
  await retry.click();
  await expect(main.getByText('Total em aberto:').first()).toContainText(/R\$\s\d/);
  await expect(main.getByRole('button', { name: RETRY })).toHaveCount(0);
  await expect(main.getByRole('table', { name: 'Histórico de pagamentos' })).toBeVisible();
});

test('start page and registration: failed requests show an error with retry and recover', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  const main = page.getByRole('main');

  let restore = await failRequests(page, /\/api\/contracts\/\d+\/bills$/);
  await page.goto('/dashboard');
  await expect(main.getByRole('button', { name: RETRY })).toBeVisible({ timeout: 15_000 });
  await expect(main).not.toContainText(/R\$\s0,00/);
  await restore();
  await main.getByRole('button', { name: RETRY }).click();
  await expect(main.getByText('Total em aberto:')).toContainText(/R\$\s\d/);

  restore = await failRequests(page, /\/api\/me$/);
  await page.goto('/cadastro');
  await expect(main.getByRole('button', { name: RETRY })).toBeVisible({ timeout: 15_000 });
  await restore();
  await main.getByRole('button', { name: RETRY }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meu Cadastro');
  await expect(main.getByText(maria.email!)).toBeVisible();

  // The contract list itself: without it no screen of the customer area can show anything but the retry.
  restore = await failRequests(page, /\/api\/contracts$/);
  await page.goto('/pagamentos');
  await expect(main.getByRole('button', { name: RETRY })).toBeVisible({ timeout: 15_000 });
  await restore();
  await main.getByRole('button', { name: RETRY }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagamentos');
});

test('offline: the screen keeps its last data under an offline banner, and the banner goes when back online', async ({
  page,
  context,
  request,
}) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  const main = page.getByRole('main');
  await page.goto(`/pagamentos/${maria.contracts.onix}`);
  // The start page seen in this document (a page.goto is a new one): its code and data are in memory.
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('link', { name: 'Início', exact: true }).click();
  await expect(main.getByText('Total em aberto:')).toContainText(/R\$\s\d/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\/pagamentos\\/${maria.contracts.onix}$`));
  const total = main.getByText('Total em aberto:').first();
  await expect(total).toContainText(/R\$\s\d/);
  const shown = await total.textContent();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(total).toHaveText(shown!);

  // Moving to a screen already seen keeps its data too.
  await menu.getByRole('link', { name: 'Início', exact: true }).click();
  await expect(main.getByText('Total em aberto:')).toContainText(/R\$\s\d/);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
});

test.describe('before the service worker kept the app (a first visit)', () => {
  // The worker (ADR 091) keeps every page's code once installed; these pages are the moments before that.
  test.use({ serviceWorkers: 'block' });
  for (const width of [1280, 360]) {
    test(`offline at ${width} px: a page whose code was never downloaded says so under the header, and opens once back online`, async ({
      page,
      context,
      request,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await loggedIn(page, request, mariaSpec());
      await renderInBrowser(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await context.setOffline(true);
      // On a phone the menu opens first (its focus trap is not downloaded either: the menu opens without it).
      if (width < 768) await page.getByRole('button', { name: 'Abrir menu' }).click();
      const menu = page.getByRole('navigation', { name: width < 768 ? 'Menu' : 'Menu principal', exact: true });
      await menu.getByRole('link', { name: 'Meu Plano' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(MSG.pageLoadFailedTitle);
      await expect(page.getByText(MSG.pageLoadFailedText)).toBeVisible();
      // The page area says so; the header and the emergency lines stay.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('link', { name: /0800 000 1190/ }).first()).toBeAttached();
      // A tap while still offline keeps the page (no browser error page).
      await page.getByRole('button', { name: 'Tentar novamente' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(MSG.pageLoadFailedTitle);

      // Back online, the page opens by itself.
      await context.setOffline(false);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meu plano');
    });
  }
});

test('plan, trips, requests and claims: failed requests show an error with retry and recover', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await renderInBrowser(page);
  const main = page.getByRole('main');
  // The Onix (tracker, trips, cases) is the selected vehicle.
  await page.goto(`/dashboard/${maria.contracts.onix}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('RTA1B23');

  let restore = await failRequests(page, /\/api\/plan\/contracts\/\d+$/);
  await page.goto('/meu-plano');
  await expect(main.getByRole('button', { name: RETRY })).toBeVisible({ timeout: 15_000 });
  await restore();
  await main.getByRole('button', { name: RETRY }).click();
  await expect(main.getByRole('heading', { name: 'Serviços cobertos' })).toBeVisible();
  await expect(main.getByRole('button', { name: RETRY })).toHaveCount(0);

  restore = await failRequests(page, /\/api\/trips\/contracts\/\d+(\?.*)?$/);
  await page.goto('/mapa');
  await expect(main.getByRole('button', { name: RETRY })).toBeVisible({ timeout: 15_000 });
  await restore();
  await main.getByRole('button', { name: RETRY }).click();
  await expect(main.getByRole('button', { name: RETRY })).toHaveCount(0);

  restore = await failRequests(page, /\/api\/cases\/contracts\/\d+$/);
  await page.goto('/suporte');
  await expect(main.getByRole('button', { name: RETRY })).toBeVisible({ timeout: 15_000 });
  await restore();
  await main.getByRole('button', { name: RETRY }).click();
  await expect(main.getByRole('button', { name: RETRY })).toHaveCount(0);
  await expect(main.getByText(/Minhas solicitações \(\d+\)/)).toBeVisible();

  restore = await failRequests(page, /\/api\/claims$/);
  await page.goto('/sinistros');
  await expect(main.getByRole('button', { name: RETRY })).toBeVisible({ timeout: 15_000 });
  await restore();
  await main.getByRole('button', { name: RETRY }).click();
  // Her two claims.
  await expect(main.getByRole('link', { name: /^Caso nº / })).toHaveCount(2);
  await expect(main.getByRole('button', { name: RETRY })).toHaveCount(0);
});
