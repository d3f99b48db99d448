import { expect, test, type Page } from '@playwright/test';
import { ALFA, MARIA } from '../support/demo';
import { renderInBrowser } from '../support/browser-render';
import { login } from '../support/login';

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

test('the login card of the prerendered home page works once hydrated', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto('/');
  await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25');
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
    ['/pagamentos/100101', 'PaymentsPage'],
    ['/pagamentos/fatura-em-aberto', 'PayOpenInvoicePage'],
    ['/dashboard', 'DashboardPage'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('class="boot-skeleton"');
    expect(html, path).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`));
    expect(html, path).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/CustomerLayout-[\w-]+\.js">/);
  }
  // A path no route has still gets the plain index.html (the router shows its not-found page).
  const other = await (await request.get('/pagamentos/100101/x')).text();
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
  await login(page, request, MARIA);
  // The list answers late: its skeleton shows first, then its rows (taller than the skeleton).
  await page.route('**/api/cases/contracts/*', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await recordShifts(page);
  await page.goto('/suporte/100101');
  const cases = page.getByRole('main').getByRole('region', { name: /Minhas solicitações/ });
  await expect(cases.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByLabel('Tipo de solicitação')).toBeVisible();
  const { cls, shifts } = await readShifts(page);
  expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
});

test("'Sinistros' does not move while the claims list loads, on a 360 px phone (CLS ≤ 0.02)", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await login(page, request, MARIA);
  await page.route('**/api/claims', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await recordShifts(page);
  await page.goto('/sinistros');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Comunicar sinistro' })).toBeVisible();
  // The list (or its empty state) has arrived.
  await expect(main.getByRole('list').or(main.getByText('Você não possui sinistros.'))).toBeVisible();
  const { cls, shifts } = await readShifts(page);
  expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
});

/** Records, in order, the API answers `api` names and the requests of the lazy modules `chunks` names (ADR 025). */
function recordOrder(page: Page, api: (path: string) => string | null, chunks: RegExp) {
  const order: string[] = [];
  page.on('response', (r) => {
    const name = api(new URL(r.url()).pathname);
    if (name) order.push(`api:${name}`);
  });
  page.on('request', (r) => {
    const chunk = chunks.exec(new URL(r.url()).pathname);
    if (chunk) order.push(`js:${chunk[1]}`);
  });
  return order;
}

test("/suporte: the request form loads once 'Minhas solicitações' is shown, each type's form and the checks when chosen, and they work", async ({
  page,
  request,
}) => {
  await login(page, request, MARIA);
  const order = recordOrder(
    page,
    // On a page load the cases come with the boot request (ADR 058), else from their own GET.
    (path) => (path === '/api/auth/boot' || path.startsWith('/api/cases/contracts/') ? 'cases' : null),
    /^\/assets\/(NewRequestCard|RequestForms|support-checks)-/,
  );
  await page.goto('/suporte/100101');
  const type = page.getByRole('combobox', { name: 'Tipo de solicitação' });
  await expect(type).toBeVisible();
  expect(order.indexOf('api:cases'), JSON.stringify(order)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('js:NewRequestCard'), JSON.stringify(order)).toBeGreaterThan(order.indexOf('api:cases'));
  expect(order).not.toContain('js:RequestForms');
  expect(order).not.toContain('js:support-checks');

  await type.selectOption({ label: 'Cancelamento' });
  const form = page.getByRole('form', { name: 'Cancelamento' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  // The checks arrived with the choice: the spec's messages, nothing sent.
  await expect(page.getByText('Insira o motivo do cancelamento')).toBeVisible();
  await expect(page.getByText('Preencha o campo acima com um telefone válido.')).toBeVisible();
  expect(order).toContain('js:RequestForms');
  expect(order).toContain('js:support-checks');
});

test('/mapa: Leaflet loads once the position and the trips are shown, and the map works', async ({ page, request }) => {
  await login(page, request, MARIA);
  // The order of the browser's own requests: a page rendered in the browser (a server-rendered one has no data requests).
  await renderInBrowser(page);
  const order = recordOrder(
    page,
    (path) =>
      path === '/api/auth/boot'
        ? 'boot'
        : /^\/api\/trips\/contracts\/\d+$/.test(path)
          ? 'trips'
          : /^\/api\/trips\/contracts\/\d+\/position$/.test(path)
            ? 'position'
            : null,
    /^\/assets\/(TripMap)-/,
  );
  await page.goto('/mapa');
  await expect(page.locator('.live-marker')).toHaveCount(1);
  await expect(page.getByRole('main').getByText(/Última comunicação/)).toBeVisible();
  const map = order.indexOf('js:TripMap');
  // On a page load the trips and the position come with the boot (ADR 058), else from their own GETs.
  const trips = Math.max(order.indexOf('api:trips'), order.indexOf('api:boot'));
  const position = Math.max(order.indexOf('api:position'), order.indexOf('api:boot'));
  expect(map, JSON.stringify(order)).toBeGreaterThan(position);
  expect(map, JSON.stringify(order)).toBeGreaterThan(trips);
  expect(trips).toBeGreaterThanOrEqual(0);
  await page
    .getByRole('list', { name: 'Lista de viagens' })
    .getByRole('button', { name: /Belo Horizonte/ })
    .first()
    .click();
  await expect(page.locator('.trip-marker-a')).toHaveCount(1);
});

test("/antecipacao: the forecast shows before the form's code, which comes after it; a method and a tap made before it arrives are kept", async ({
  page,
  request,
}) => {
  // Alfa's 400401 is never eligible ('Antecipação não disponível', payments-advance.spec.ts) and no test advances
  // it: its form is always there, and asking shows the sheet without a request.
  await login(page, request, ALFA);
  const order = recordOrder(
    page,
    // On a page load the forecast comes with the boot request (ADR 058), else from its own GET.
    (path) => (path === '/api/auth/boot' || path === '/api/payments/contracts/400401/advance' ? 'forecast' : null),
    /^\/assets\/(AdvanceForm|advance-checks)-/,
  );
  // The form's code is held back, as on a slow network, until the customer has chosen and tapped.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
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
  await expect.poll(() => order.includes('js:AdvanceForm')).toBe(true);
  expect(order.indexOf('api:forecast'), JSON.stringify(order)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('js:AdvanceForm'), JSON.stringify(order)).toBeGreaterThan(order.indexOf('api:forecast'));
  expect(order).not.toContain('js:advance-checks');

  const method = main.getByRole('combobox', { name: 'Método de pagamento' });
  await method.selectOption({ label: 'Cartão de Crédito' });
  await main.getByRole('button', { name: 'Solicitar Antecipação' }).click();
  await expect(main.getByText('A cobrança é feita no cartão cadastrado.')).toBeVisible();
  await expect(sheet).toBeHidden();

  // The code arrives: the tap is answered (the method is checked, then the sheet), the method is still chosen.
  release();
  await expect(sheet).toBeVisible();
  expect(order).toContain('js:advance-checks');
  await sheet.getByRole('button', { name: 'Entendi' }).click();
  await expect(sheet).toBeHidden();
  await expect(method.locator('option:checked')).toHaveText('Cartão de Crédito');
});

test("/pagamentos' history and /antecipacao's form arriving late move nothing, on a 360 px phone (CLS ≤ 0.02)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await login(page, request, ALFA);
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
