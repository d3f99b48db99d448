import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { PAGE_COOKIE } from '../src/modules/auth/cookies';
import { SELECTED_CONTRACT_COOKIE } from '@guarita/domain';
import { REFRESH_COOKIE, createTestApp, type TestApp } from './helpers';
import { aContract, aCustomer, uniqueIp, type CustomerRow } from './factories';

/**
 * The web plugin's side of a server-rendered customer page (ADR 059): who the page is for, which data it is rendered
 * with, what is sent when it cannot be rendered. The build's renderer is stood in for by a module that answers what
 * it was given (the real one, React and the hydration, is covered by e2e/tests/server-render.spec.ts).
 */
const RENDERER = `
export async function renderCustomerPage(url, render) {
  if (url.includes('boom')) throw new Error('render failed');
  if (url.includes('none')) return null;
  const json = JSON.stringify({ url, render }).replace(/</g, '\\\\u003c');
  return { html: '<main id="rendered">rendered</main>', dataScript: '<script type="application/json" id="data">' + json + '</script>', title: 'Início &amp; mais' };
}
export async function warmUp() {}
`;
const TEMPLATE = (name: string) =>
  `<!doctype html><html lang="pt-BR"><head><title>Guarita — Área do Cliente</title></head><body><div id="root"><!--app--><div class="boot-skeleton">${name}</div><!--/app--></div></body></html>`;

interface Rendered {
  url: string;
  render: {
    loggedIn: boolean;
    selectedContract: number | null;
    publicConfig: { phoneTheft: string };
    data: {
      contracts?: { nCtrId: number }[];
      me?: { nome?: string };
      start?: { nCtrId: number; contract?: unknown; plan?: unknown; bills?: unknown };
    };
  };
}

describe('server-rendered customer pages (ADR 059)', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'guarita-web-ssr-'));
    mkdirSync(path.join(webDir, 'prerendered', 'server'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), TEMPLATE('index'));
    for (const name of ['dashboard', 'meu-plano']) {
      writeFileSync(path.join(webDir, 'prerendered', `${name}.html`), TEMPLATE(`${name} skeleton`));
      writeFileSync(path.join(webDir, 'prerendered', `${name}-ssr.html`), TEMPLATE(`${name} template`));
    }
    writeFileSync(
      path.join(webDir, 'prerendered', 'manifest.json'),
      JSON.stringify({
        pages: [],
        shells: [
          { pattern: '/dashboard', file: 'dashboard.html', ssrFile: 'dashboard-ssr.html' },
          { pattern: '/dashboard/:nCtrId', file: 'dashboard.html', ssrFile: 'dashboard-ssr.html' },
          { pattern: '/meu-plano', file: 'meu-plano.html', ssrFile: 'meu-plano-ssr.html' },
        ],
      }),
    );
    writeFileSync(path.join(webDir, 'prerendered', 'server', 'entry-server.js'), RENDERER);
    t = await createTestApp({ env: { WEB_DIST: webDir } });
  }, 180_000); // a fresh database per file; slow on a loaded machine
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  /** Logs `customer` in (each login from its own address: the per-address code limits are not under test); answers the cookies a browser would then hold. */
  const login = async (customer: Pick<CustomerRow, 'document'>) => {
    const ip = uniqueIp();
    const s = await t.start(customer.document, ip);
    const res = await t.verify(s.Sessao, await t.requestCode(s.Sessao, s.canalPadrao, ip), ip);
    expect(res.statusCode).toBe(200);
    const cookie = (name: string) => res.cookies.find((c) => c.name === name)!.value;
    return { page: cookie(PAGE_COOKIE), refresh: cookie(REFRESH_COOKIE) };
  };
  /** A customer of the test's own with two contracts (`first` made first), logged in. */
  const aCustomerWithTwoContracts = async () => {
    const customer = await aCustomer(t);
    const first = (await aContract(t, customer)).nCtrId;
    const second = (await aContract(t, customer)).nCtrId;
    return { customer, first, second, cookies: await login(customer) };
  };
  const page = (url: string, cookies: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, cookies, headers });
  const renderedWith = (res: LightMyRequestResponse): Rendered => {
    const json = /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
    expect(json, 'the page carries its data block').toBeDefined();
    return JSON.parse(json!) as Rendered;
  };
  const expectSkeleton = (res: LightMyRequestResponse, name: string) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(`${name} skeleton`);
    expect(res.body).not.toContain('data-ssr');
  };

  it('a logged-in customer gets the page rendered with their first screen, never stored by a cache', async () => {
    const { first, second, cookies } = await aCustomerWithTwoContracts();
    const res = await page('/dashboard', { [PAGE_COOKIE]: cookies.page });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<html lang="pt-BR" data-ssr>');
    expect(res.body).toContain('<div id="root" data-ssr><main id="rendered">rendered</main></div>');
    expect(res.body).not.toContain('dashboard template');
    expect(res.body).toContain('<title>Início &amp; mais — Guarita</title>');
    const { url, render } = renderedWith(res);
    expect(url).toBe('/dashboard');
    expect(render.loggedIn).toBe(true);
    expect(render.publicConfig.phoneTheft).toBe(t.config.brand.phoneTheft);
    // What the boot answers for the start page: the customer's contracts, the first one's detail and bills.
    expect(render.data.contracts?.map((c) => c.nCtrId)).toEqual([first, second]);
    expect(render.data.start?.nCtrId).toBe(first);
    expect(render.data.start?.contract).toBeDefined();
    expect(render.data.start?.bills).toBeDefined();
    expect(render.data.start?.plan).toBeUndefined();
  });

  it("renders the route's contract, or the stored choice, only when it is the customer's", async () => {
    const { first, second, cookies: mine } = await aCustomerWithTwoContracts();
    const theirs = (await aContract(t, await aCustomer(t))).nCtrId;
    const byRouteRes = await page(`/dashboard/${second}`, { [PAGE_COOKIE]: mine.page });
    const byRoute = renderedWith(byRouteRes);
    expect(byRoute.render.data.start?.nCtrId).toBe(second);
    // The route's contract becomes the stored choice, as when the app shows it: a reload before the app runs keeps it.
    expect(byRouteRes.cookies).toEqual([
      expect.objectContaining({ name: SELECTED_CONTRACT_COOKIE, value: String(second), path: '/', sameSite: 'Strict', maxAge: 31_536_000 }),
    ]);
    expect(byRouteRes.cookies[0]).not.toHaveProperty('httpOnly'); // the app reads it when it starts (lib/storage.ts)
    const again = await page(`/dashboard/${second}`, { [PAGE_COOKIE]: mine.page, [SELECTED_CONTRACT_COOKIE]: String(second) });
    expect(again.cookies).toEqual([]);
    // Someone else's contract in the address: the page is rendered with the customer's own first contract, nothing of theirs.
    const foreign = await page(`/dashboard/${theirs}`, { [PAGE_COOKIE]: mine.page });
    expect(renderedWith(foreign).render.data.start?.nCtrId).toBe(first);
    expect(foreign.body).not.toContain(`${theirs},`); // not in any list
    expect(foreign.cookies).toEqual([]);
    const stored = renderedWith(await page('/meu-plano', { [PAGE_COOKIE]: mine.page, [SELECTED_CONTRACT_COOKIE]: String(second) }));
    expect(stored.render.selectedContract).toBe(second);
    expect(stored.render.data.start?.nCtrId).toBe(second);
    expect(stored.render.data.start?.plan).toBeDefined();
    const storedForeign = renderedWith(await page('/meu-plano', { [PAGE_COOKIE]: mine.page, [SELECTED_CONTRACT_COOKIE]: String(theirs) }));
    expect(storedForeign.render.data.start?.nCtrId).toBe(first);
    const garbage = renderedWith(await page('/meu-plano', { [PAGE_COOKIE]: mine.page, [SELECTED_CONTRACT_COOKIE]: '1e9;drop' }));
    expect(garbage.render.selectedContract).toBeNull();
  });

  it("each customer's page is their own", async () => {
    await aCustomerWithTwoContracts(); // another customer, logged in too
    const customer = await aCustomer(t);
    const only = (await aContract(t, customer)).nCtrId;
    const { render } = renderedWith(await page('/dashboard', { [PAGE_COOKIE]: (await login(customer)).page }));
    expect(render.data.contracts?.map((c) => c.nCtrId)).toEqual([only]);
    expect(render.data.start?.nCtrId).toBe(only);
  });

  it('sends the skeleton without a live page cookie: none, forged, an access token, or after logout', async () => {
    expectSkeleton(await page('/dashboard'), 'dashboard');
    expectSkeleton(await page('/dashboard', { [PAGE_COOKIE]: 'not-a-token' }), 'dashboard');
    const { customer, cookies: mine } = await aCustomerWithTwoContracts();
    const tampered = `${mine.page.slice(0, -4)}AAAA`;
    expectSkeleton(await page('/dashboard', { [PAGE_COOKIE]: tampered }), 'dashboard');
    const ip = uniqueIp();
    const s = await t.start(customer.document, ip);
    const code = await t.requestCode(s.Sessao, s.canalPadrao, ip);
    const tokens = (await t.verify(s.Sessao, code, ip)).json() as { AccessToken: string };
    expectSkeleton(await page('/dashboard', { [PAGE_COOKIE]: tokens.AccessToken }), 'dashboard');
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: mine.refresh } });
    expect(logout.statusCode).toBe(204);
    expectSkeleton(await page('/dashboard', { [PAGE_COOKIE]: mine.page }), 'dashboard');
  });

  it('sends the skeleton when the page cannot be rendered, and for HEAD; never an error', async () => {
    const { cookies: mine } = await aCustomerWithTwoContracts();
    expectSkeleton(await page('/dashboard?boom=1', { [PAGE_COOKIE]: mine.page }), 'dashboard');
    expectSkeleton(await page('/dashboard?none=1', { [PAGE_COOKIE]: mine.page }), 'dashboard');
    const head = await t.app.inject({ method: 'HEAD', url: '/dashboard', cookies: { [PAGE_COOKIE]: mine.page } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).not.toBe('no-store');
    // Public and unknown routes are never rendered for the customer.
    const other = await page('/somewhere-else', { [PAGE_COOKIE]: mine.page });
    expect(other.body).toContain('index');
    expect(other.body).not.toContain('data-ssr');
  });

  it('is compressed when the browser accepts it', async () => {
    const { cookies: mine } = await aCustomerWithTwoContracts();
    const res = await page('/dashboard', { [PAGE_COOKIE]: mine.page }, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/cookie/);
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<div id="root" data-ssr>');
  });
});
