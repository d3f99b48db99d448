import { expect, test, type Page } from '@playwright/test';
import { mariaSpec } from '../support/customers';
import { loggedIn } from '../support/login';
import { PUBLIC_ROUTES, customerRoutes, openRoute } from '../support/routes';
import { axeViolations } from '../support/axe';

/** Issue 8: axe-core (WCAG 2.x A and AA rules and best practices) finds nothing on any route, on a phone and on a desktop. */
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

const violations = (page: Page) => axeViolations(page);

test('public pages have no accessibility violations', async ({ page }) => {
  test.setTimeout(240_000);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const path of PUBLIC_ROUTES) {
      await openRoute(page, path);
      expect.soft(await violations(page), `${path} at ${size.width}px`).toEqual([]);
    }
  }
});

/**
 * The customer routes in groups, one test each (one test walking them all ran close to its time limit under load).
 * Every route of customerRoutes belongs to exactly one group (checked below); claim views join the claims group.
 */
const GROUPS: ReadonlyArray<readonly [string, (path: string) => boolean]> = [
  [
    'start page, registration, plan, map and notifications',
    (p) => p.startsWith('/dashboard') || ['/cadastro', '/meu-plano', '/mapa', '/notificacoes'].includes(p),
  ],
  ['payments and advance', (p) => p.startsWith('/pagamentos') || p === '/antecipacao'],
  ['support and additional services', (p) => p.startsWith('/suporte') || p === '/servicos-adicionais'],
  ['claims', (p) => p.startsWith('/sinistros') || p.startsWith('/aviso')],
];

test('every customer route is in exactly one accessibility group', () => {
  const example = { contracts: { onix: 1, rastreador: 2, civic: 4 }, claims: ['2026-000001'] };
  for (const path of customerRoutes(example)) expect(GROUPS.filter(([, has]) => has(path)).length, path).toBe(1);
});

for (const [name, has] of GROUPS) {
  test(`customer pages (${name}) have no accessibility violations`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const routes = customerRoutes(await loggedIn(page, request, mariaSpec())).filter(has);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const path of routes) {
        await openRoute(page, path);
        expect.soft(await violations(page), `${path} at ${size.width}px`).toEqual([]);
      }
    }
  });
}

test('the open phone menu has no accessibility violations', async ({ page, request }) => {
  await page.setViewportSize(SIZES[0]);
  await loggedIn(page, request, mariaSpec());
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu', exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
