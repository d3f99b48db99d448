import { expect, test, type Page, type Route } from '@playwright/test';
import { alfaSpec, joaoSpec, mariaSpec } from '../support/customers';
import { expectPath, loggedIn } from '../support/login';
import { untilTheAppOwns } from '../support/browser-render';

// Each test logs in through the outbox; on a busy machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });

/**
 * ADR 059: a logged-in customer's page comes from the server with its first screen (the page cookie names the
 * customer), readable before any script runs; the browser hydrates it without rendering it again.
 */

/** Holds the page's boot requests (the app hydrates only once it has the tokens); answers their release. */
async function holdBoot(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let arrived: () => void = () => {};
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const hold = (route: Route) => {
    held.push(route);
    arrived();
  };
  await page.route('**/api/auth/boot', hold);
  return async () => {
    await first;
    await page.unroute('**/api/auth/boot', hold);
    // A request the browser gave up meanwhile (the page went on) is already handled.
    for (const route of held) await route.continue().catch(() => {});
  };
}

test('the first screen is in the page itself: readable with JavaScript off', async ({ page, request, browser }) => {
  await loggedIn(page, request, joaoSpec());
  const state = await page.context().storageState();
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: state, viewport: { width: 360, height: 740 } });
  try {
    const bare = await noScript.newPage();
    await bare.goto('/meu-plano');
    const main = bare.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Meu plano' })).toBeVisible();
    await expect(bare).toHaveTitle('Meu plano — Guarita');
    // João's own plan (RECUP), from the server: nothing of it could come from a script.
    await expect(main.getByText(/RECUP/i).first()).toBeVisible();
    // The header's emergency lines are there too.
    await expect(bare.getByRole('link', { name: /roubo|furto/i }).first()).toBeAttached();
    await bare.goto('/cadastro');
    await expect(bare.getByRole('main').getByText('João Pedro Lima').first()).toBeVisible();
  } finally {
    await noScript.close();
  }
});

// Maria's e-mail choices are the defaults (every group on) and no test changes them.
test('a form comes from the server with the saved choices in it, before any script runs', async ({ page, request, browser }) => {
  await loggedIn(page, request, mariaSpec());
  const state = await page.context().storageState();
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  try {
    const bare = await noScript.newPage();
    await bare.goto('/notificacoes');
    const boxes = bare.getByRole('group', { name: 'Avisos por e-mail de:' }).getByRole('checkbox');
    await expect(boxes).toHaveCount(3);
    for (const box of await boxes.all()) await expect(box).toBeChecked();
  } finally {
    await noScript.close();
  }
});

test("the app takes the server's page over without rendering it again; before that, fields take nothing and forms send nothing", async ({
  page,
  request,
}) => {
  await loggedIn(page, request, alfaSpec());
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));

  const continueBoot = await holdBoot(page);
  await page.goto('/pagamentos', { waitUntil: 'domcontentloaded' });
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Pagamentos');
  await page.evaluate(() => {
    (window as Window & { __serverHeading?: Element | null }).__serverHeading = document.querySelector('main h1');
  });
  await continueBoot();
  // Hydrated: the app's own link navigates on the client (the bell, with its count, is React's from now on).
  await expect(page.locator('html')).toHaveAttribute('data-ssr', '');
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('main h1')!).some((k) => k.startsWith('__react'))))
    .toBe(true);
  expect(
    await page.evaluate(() => document.querySelector('main h1') === (window as Window & { __serverHeading?: Element }).__serverHeading),
  ).toBe(true);
  expect(errors).toEqual([]);

  // The card form, the first screen of /pagamentos/adicionar-cartao: until the app owns its fields they are read-only
  // (what was typed would be wiped when it takes them over), and the form, submitted, is not sent by the browser.
  const again = await holdBoot(page);
  await page.goto('/pagamentos/adicionar-cartao', { waitUntil: 'domcontentloaded' });
  const number = page.getByLabel('Número do cartão');
  await expect(number).toBeVisible();
  await expect(number).not.toBeEditable();
  await number.locator('xpath=ancestor::form').evaluate((form: HTMLFormElement) => form.requestSubmit());
  await page.waitForTimeout(200);
  expect(new URL(page.url()).pathname).toBe('/pagamentos/adicionar-cartao');
  expect(new URL(page.url()).search).toBe('');
  await again();
  await untilTheAppOwns(number);
  await expect(number).toBeEditable();
  await number.fill('4111 1111 1111 1111');
  await expect(number).toHaveValue('4111 1111 1111 1111');
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test("a button tapped before the app owns the page is not lost: 'Voltar' is held, shown busy, then taken", async ({ page, request }) => {
    await loggedIn(page, request, mariaSpec());
    const release = await holdBoot(page); // the app hydrates only once it has the tokens
    await page.goto('/pagamentos/fatura-em-aberto');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('PAGAMENTO DE FATURA', { useInnerText: true });
    const back = page.getByRole('button', { name: 'Voltar' });
    await back.click();
    await expect(back).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('progressbar', { name: 'Carregando…' })).toBeVisible();
    await release();
    await expectPath(page, '/pagamentos');
    await expect(page.getByRole('progressbar', { name: 'Carregando…' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test('a contract in the address is the chosen one even when the next page comes before the app has run', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await holdBoot(page); // the app never runs on the first page
  await page.goto(`/dashboard/${maria.contracts.civic}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('QWE7D89');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/pagamentos');
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Veículo' }).locator('option:checked')).toHaveText(/QWE7D89/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('QWE7D89');
});

test('a reload asks the server for the tokens only: the data came with the page', async ({ page, request }) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await page.goto(`/dashboard/${maria.contracts.civic}`);
  await expect(page.getByRole('main').getByText(`nº ${maria.contracts.civic}`)).toBeVisible();
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${req.method()} ${url.pathname} ${req.postData() ?? ''}`.trim());
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('QWE7D89');
  await expect(page.getByRole('main').getByText('Total em aberto:')).toContainText(/R\$\s\d/);
  // The stored choice (the Civic) reaches the server through its cookie: /dashboard renders it too.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('QWE7D89');
  await page.waitForLoadState('networkidle');
  // Only boots, each asking for the tokens alone (one per page load; a boot of the page just left may show too).
  const data = calls.filter((c) => !c.startsWith('GET /api/config'));
  expect(data.length).toBeGreaterThanOrEqual(2);
  expect(new Set(data)).toEqual(new Set(['POST /api/auth/boot {}']));
});

test('after logout the server renders nothing of the customer', async ({ page, request }) => {
  await loggedIn(page, request, joaoSpec());
  await page.goto('/cadastro');
  await expect(page.getByRole('main').getByText('João Pedro Lima').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Sair' }).click();
  await expectPath(page, '/');
  const res = await page.request.get('/cadastro');
  expect(await res.text()).not.toContain('João Pedro Lima');
  await page.goto('/cadastro');
  await expectPath(page, '/', '?voltar=%2Fcadastro');
});
