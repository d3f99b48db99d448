import { expect, test, type Page } from '@playwright/test';
import { renderInBrowser } from '../support/browser-render';
import { alfaSpec, mariaSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { loggedIn } from '../support/login';

/** Collects CSP violations (as the page reports them) and console errors (hydration mismatches among them). */
async function watchPage(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return {
    errors,
    csp: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

/** Records the page's layout shifts from its first paint (those right after an input do not count, as in CLS). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] }[]) {
        if (e.hadRecentInput) continue;
        const describe = (n: Node | null | undefined) =>
          n instanceof Element ? `${n.tagName.toLowerCase()}.${n.className}` : String(n?.nodeName);
        w.__shifts.push({ value: e.value, sources: e.sources.map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded so far (after two more frames) and their sum. */
async function readShifts(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
  return { shifts, cls: shifts.reduce((sum, s) => sum + s.value, 0) };
}

test('the public pages arrive as HTML from the server, with their title, and hydrate without errors', async ({ page, request }) => {
  const pages = [
    { path: '/', text: 'Roubou ou furtou?' },
    { path: '/duvidas-frequentes', text: 'Dúvidas frequentes' },
    { path: '/contato', text: 'Fale conosco' },
    { path: '/politica-de-privacidade', text: 'Política de Privacidade' },
    { path: '/termos-de-uso', text: 'Termos de Uso' },
  ];
  for (const p of pages) {
    const res = await request.get(p.path);
    expect(res.status(), p.path).toBe(200);
    expect(res.headers()['cache-control'], p.path).toBe('no-cache');
    expect(await res.text(), p.path).toContain(p.text);
  }

  const watch = await watchPage(page);
  await page.goto('/duvidas-frequentes');
  await expect(page).toHaveTitle(/Dúvidas frequentes/);
  // Hydrated: a client-side navigation works without reloading the document.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => navigations.push(f.url()));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Fale conosco' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fale conosco' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: '0800 000 1190' })).toBeVisible();
  expect(watch.errors).toEqual([]);
});

test('the login card of the prerendered home page works once hydrated', async ({ page, request }) => {
  const maria = await newCustomer(request, mariaSpec());
  const watch = await watchPage(page);
  await page.goto('/');
  await page.getByLabel('CPF ou CNPJ').fill(maria.document);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Onde você quer receber o código?' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(watch.errors).toEqual([]);
});

test('the contact page (zod, the captcha widget) runs under the CSP without a single violation', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto('/contato');
  const form = page.getByRole('form', { name: 'Formulário de contato' });
  // The captcha loads with the first touch of the form (ADR 025).
  await form.getByLabel('Nome').click();
  await expect(form.getByRole('checkbox', { name: 'Não sou um robô' })).toBeVisible();
  // Validation runs through zod in the browser.
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(form.getByText('Preencha todos os campos!', { exact: true })).toBeVisible();
  expect(await watch.csp()).toEqual([]);
  expect(watch.errors.filter((e) => /Content Security Policy|unsafe-eval/i.test(e))).toEqual([]);
});

test('logged-in routes show a skeleton from index.html before any script runs', async ({ request }) => {
  const res = await request.get('/dashboard');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const html = await res.text();
  expect(html).toContain('class="boot-skeleton"');
  expect(html).not.toContain('data-prerendered');
});

test('a customer route answers its own skeleton, which preloads the route chunk beside the entry', async ({ request }) => {
  for (const [path, chunk] of [
    ['/pagamentos', 'PaymentsPage'],
    ['/pagamentos/123456', 'PaymentsPage'],
    ['/pagamentos/fatura-em-aberto', 'PayOpenInvoicePage'],
    ['/dashboard', 'DashboardPage'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('class="boot-skeleton"');
    expect(html, path).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`));
    expect(html, path).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/CustomerLayout-[\w-]+\.js">/);
  }
  // A path no route has still gets the plain index.html (the router shows its not-found page).
  const other = await (await request.get('/pagamentos/123456/x')).text();
  expect(other).not.toContain('PaymentsPage');
});

test('stylesheets come inline in the HTML: none is fetched on load, a later route’s are', async ({ page }) => {
  const sheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') sheets.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  // Hydrated and the config read: the footer's phone lines are links.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: '0800 000 1190' })).toBeVisible();
  expect(sheets).toEqual([]);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Fale conosco' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fale conosco' })).toBeVisible();
  expect(sheets.some((s) => /\/assets\/ContactPage-[\w-]+\.css$/.test(s))).toBe(true);

  const html = await (await page.request.get('/contato')).text();
  expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
});

test('static files go out precompressed, hashed ones cached for a year', async ({ request }) => {
  const html = await (await request.get('/dashboard')).text();
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(script).toMatch(/^\/assets\//);
  for (const encoding of ['br', 'gzip']) {
    const res = await request.get(script!, { headers: { 'accept-encoding': encoding } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(res.headers()['vary']).toMatch(/accept-encoding/i);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['content-type']).toMatch(/javascript/);
  }
  const page = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['cache-control']).toBe('no-cache');
});

test('the icon is a PNG: an SVG icon costs the main thread a document of its own on every first load (ADR 060)', async ({ request }) => {
  for (const path of ['/', '/dashboard']) {
    const html = await (await request.get(path)).text();
    const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
    expect(icon, path).toBe('/favicon.png');
  }
  const res = await request.get('/favicon.png');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  expect((await res.body()).subarray(1, 4).toString()).toBe('PNG');
});

test('robots.txt and sitemap.xml are real files listing the public pages', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await robots.text();
  expect(text).toContain('User-agent: *');
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  for (const p of ['/', '/duvidas-frequentes', '/contato', '/politica-de-privacidade', '/termos-de-uso']) {
    expect(xml).toContain(`<loc>${baseURL}${p}</loc>`);
  }
  expect(xml).not.toContain('/dashboard');
});

test('the prerendered public pages do not move once painted, on a 360 px phone (CLS ≤ 0.02)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The scripts arrive late, as on a slow phone network, so the prerendered HTML is painted first and whatever
  // the scripts change afterwards (styles that came with them, a first render unlike the HTML) is a shift.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await recordShifts(page);
  for (const path of ['/', '/duvidas-frequentes', '/contato', '/politica-de-privacidade', '/termos-de-uso']) {
    await page.goto(path);
    // Hydrated and the config read: the footer's phone lines are links.
    await expect(page.getByRole('contentinfo').getByRole('link', { name: '0800 000 1190' })).toBeVisible();
    const { cls, shifts } = await readShifts(page);
    expect(cls, `${path}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
  }
});

test("'Solicitações' does not move while 'Minhas solicitações' loads, on a 360 px phone (CLS ≤ 0.02)", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const maria = await loggedIn(page, request, mariaSpec());
  // The list answers late: its skeleton shows first, then its rows (taller than the skeleton).
  await page.route('**/api/cases/contracts/*', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await recordShifts(page);
  await page.goto(`/suporte/${maria.contracts.onix}`);
  const cases = page.getByRole('main').getByRole('region', { name: /Minhas solicitações/ });
  await expect(cases.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByLabel('Tipo de solicitação')).toBeVisible();
  const { cls, shifts } = await readShifts(page);
  expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
});

test("'Sinistros' does not move while the claims list loads, on a 360 px phone (CLS ≤ 0.02)", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loggedIn(page, request, mariaSpec());
  await page.route('**/api/claims', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await recordShifts(page);
  await page.goto('/sinistros');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Comunicar sinistro' })).toBeVisible();
  // Her two claims have arrived.
  await expect(main.getByRole('link', { name: /^Caso nº / })).toHaveCount(2);
  const { cls, shifts } = await readShifts(page);
  expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
});

/*
 * ADR 025 loads the request forms, the map and the advance form after their screen's data. Which files arrive in which
 * order is the bundle's business (issue 26 item 9): these tests check what a person sees and does on those screens.
 */

test("/suporte: 'Minhas solicitações' and the type selector show; each type's form and its checks work when chosen", async ({
  page,
  request,
}) => {
  const maria = await loggedIn(page, request, mariaSpec());
  await page.goto(`/suporte/${maria.contracts.onix}`);
  // The Onix's requests of the last three months: an ombudsman one, a contestation and a tracker visit.
  await expect(page.getByRole('main').getByRole('button', { name: 'Minhas solicitações (3)' })).toBeVisible();
  const type = page.getByRole('combobox', { name: 'Tipo de solicitação' });
  await expect(type).toBeVisible();
  await expect(page.getByRole('form', { name: 'Cancelamento' })).toHaveCount(0);

  await type.selectOption({ label: 'Cancelamento' });
  const form = page.getByRole('form', { name: 'Cancelamento' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  // The spec's messages, nothing sent.
  await expect(page.getByText('Insira o motivo do cancelamento')).toBeVisible();
  await expect(page.getByText('Preencha o campo acima com um telefone válido.')).toBeVisible();
  await expect(page.getByText('Solicitação enviada com sucesso!')).toHaveCount(0);
});

test('/mapa: the position, the trips and the map show, and a trip tapped is drawn', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());
  // Rendered in the browser from the boot request, as for a customer whose page cookie has expired.
  await renderInBrowser(page);
  await page.goto('/mapa');
  await expect(page.locator('.live-marker')).toHaveCount(1);
  await expect(page.getByRole('main').getByText(/Última comunicação/)).toBeVisible();
  const trips = page.getByRole('list', { name: 'Lista de viagens' });
  await expect(trips.getByRole('listitem').first()).toBeVisible();
  await trips
    .getByRole('button', { name: /Belo Horizonte/ })
    .first()
    .click();
  await expect(page.locator('.trip-marker-a')).toHaveCount(1);
});

test("/antecipacao: the forecast shows before the form's code arrives; a method and a tap made before it arrives are kept", async ({
  page,
  request,
}) => {
  // Alfa's Hilux is never eligible ('Antecipação não disponível', payments-advance.spec.ts): its form is always there,
  // and asking shows the sheet without a request.
  await loggedIn(page, request, alfaSpec());
  // The form's code is held back, as on a slow network, until the customer has chosen and tapped.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const asked = page.waitForRequest(/\/assets\/AdvanceForm-[\w-]+\.js$/);
  await page.route(/\/assets\/AdvanceForm-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/antecipacao');
  const main = page.getByRole('main');
  const sheet = page.getByRole('dialog', { name: 'Antecipação não disponível' });
  await expect(main.getByRole('region', { name: 'Valor a antecipar' })).toContainText(/R\$\s\d/);
  await sheet.getByRole('button', { name: 'Entendi' }).click();
  await expect(sheet).toBeHidden();
  await asked;

  const method = main.getByRole('combobox', { name: 'Método de pagamento' });
  await method.selectOption({ label: 'Cartão de Crédito' });
  await main.getByRole('button', { name: 'Solicitar Antecipação' }).click();
  await expect(main.getByText('A cobrança é feita no cartão cadastrado.')).toBeVisible();
  await expect(sheet).toBeHidden();

  // The code arrives: the tap is answered (the method is checked, then the sheet), the method is still chosen.
  release();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Entendi' }).click();
  await expect(sheet).toBeHidden();
  await expect(method.locator('option:checked')).toHaveText('Cartão de Crédito');
});

test("/pagamentos' history and /antecipacao's form arriving late move nothing, on a 360 px phone (CLS ≤ 0.02)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loggedIn(page, request, alfaSpec());
  // The modules that come after the first screen arrive late.
  await page.route(/\/assets\/(PaymentHistory|AdvanceForm)-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await recordShifts(page);
  await page.goto('/pagamentos');
  const main = page.getByRole('main');
  await expect(main.getByRole('table', { name: 'Histórico de pagamentos' })).toBeVisible();
  let { cls, shifts } = await readShifts(page);
  expect(cls, `/pagamentos: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);

  const formCode = page.waitForResponse(/\/assets\/AdvanceForm-[\w-]+\.js$/);
  await page.goto('/antecipacao');
  await expect(main.getByRole('region', { name: 'Valor a antecipar' })).toContainText(/R\$\s\d/);
  const before = await main.getByRole('combobox', { name: 'Método de pagamento' }).elementHandle();
  await formCode;
  // The code's form has taken the place of the one shown before it.
  await expect.poll(() => before!.evaluate((e) => e.isConnected)).toBe(false);
  ({ cls, shifts } = await readShifts(page));
  expect(cls, `/antecipacao: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
});
