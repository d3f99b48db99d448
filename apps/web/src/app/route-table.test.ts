import { existsSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SSO_ROUTES, firstScreenRequest, type FirstScreenRequest } from '@guarita/domain';
import { LIGHTHOUSE_ROUTES } from '../../../../bench/src/lighthouse-routes';
import { PUBLIC_ROUTES, customerRoutes } from '../../../../e2e/support/route-list';
import { ROUTE_MODULES, SHELL_ROUTES } from '../../scripts/prerender-routes';
import { PRERENDER_PAGES } from '../entry-prerender';
import { customerPatterns, isCustomerRoute, paths } from '../lib/paths';
import { routes } from './router';

/**
 * The router's table (app/router.tsx over lib/paths.ts) is the route list; every other list of routes is checked
 * against it here, so none drifts from it unseen (issue 25 item 2): the login's and the sign-on links' return list,
 * the build's prerendered pages and customer-route HTML, the boot's first screens, the e2e route list and the bench's
 * Lighthouse routes.
 */
const webDir = path.resolve(import.meta.dirname, '../..');

const patternsOf = (table: RouteObject[]): string[] => table.flatMap((r) => [...(r.path ? [r.path] : []), ...patternsOf(r.children ?? [])]);
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value ? Object.values(value).flatMap(stringsOf) : [];
const layoutOf = (child: string) => routes.find((r) => r.children?.some((c) => c.path === child))!;
const sorted = (list: readonly string[]) => [...list].sort();

/**
 * The page a path opens: the pattern of the last matched route that has one (an index route's is its parent's; `*`
 * for the not-found page), or null when nothing matches.
 */
const routeOf = (pathname: string): string | null =>
  (matchRoutes(routes, pathname.split('?')[0]!) ?? []).findLast((m) => m.route.path)?.route.path ?? null;

/** The public layout's pages that are placeholders (ComingSoonPage): nothing to prerender until they are built. */
const COMING_SOON: string[] = [paths.checkout, paths.checkoutContact, paths.referral];
const publicPages = patternsOf(layoutOf(paths.home).children ?? []).filter((p) => p !== '*' && !p.includes(':'));

describe('the route table', () => {
  it('routes every path of lib/paths, and nothing else', () => {
    expect(sorted(patternsOf(routes).filter((p) => p !== '*'))).toEqual(sorted([...new Set(stringsOf(paths))]));
  });

  it("is the login's and the sign-on links' return list: the customer routes, all of them", () => {
    const customer = sorted(patternsOf(layoutOf(paths.dashboard.pattern).children ?? []));
    expect(sorted(customerPatterns)).toEqual(customer);
    expect(sorted(SSO_ROUTES)).toEqual(customer);
  });

  it('has its public pages prerendered at build, each with its own module', () => {
    const built = publicPages.filter((p) => !COMING_SOON.includes(p));
    expect(sorted(PRERENDER_PAGES.map((p) => p.path))).toEqual(sorted(built));
    expect(sorted(Object.keys(ROUTE_MODULES))).toEqual(sorted(built));
    for (const source of Object.values(ROUTE_MODULES)) expect(existsSync(path.join(webDir, source)), source).toBe(true);
  });

  it("has every customer route's HTML (preloads and server render) built", () => {
    expect(sorted(SHELL_ROUTES.map((r) => r.pattern))).toEqual(sorted(customerPatterns));
    for (const { source, also = [] } of SHELL_ROUTES)
      for (const file of [source, ...also]) expect(existsSync(path.join(webDir, file)), file).toBe(true);
  });

  it("gives each customer route the first screen its page shows (the boot's parts), and a public page none", () => {
    /** Per customer route: an address of it and what its first screen is (FirstScreenRequest without the contract). */
    const firstScreens: Record<string, [string, Omit<FirstScreenRequest, 'nCtrId'>]> = {
      [paths.dashboard.pattern]: ['/dashboard', { start: true }],
      [paths.dashboard.byContract]: ['/dashboard/7', { start: true }],
      [paths.registration]: ['/cadastro', {}],
      [paths.notifications]: ['/notificacoes', { notifications: true }],
      [paths.plan]: ['/meu-plano', { plan: true }],
      [paths.map]: ['/mapa', { trips: true }],
      [paths.payments.pattern]: ['/pagamentos', { start: true }],
      [paths.payments.byContract]: ['/pagamentos/7', { start: true }],
      [paths.payments.byPlate]: ['/pagamentos/placa/ABC1D23', { start: true }],
      [paths.payments.openInvoice]: ['/pagamentos/fatura-em-aberto', { summary: true }],
      [paths.payments.changeCard]: ['/pagamentos/cartao', {}],
      [paths.payments.addCard]: ['/pagamentos/adicionar-cartao', {}],
      [paths.payments.pixAutomatico]: ['/pagamentos/pix-automatico', {}],
      [paths.advance]: ['/antecipacao', { start: true }],
      [paths.extraServices]: ['/servicos-adicionais', {}],
      [paths.support.pattern]: ['/suporte', { cases: true }],
      [paths.support.byContract]: ['/suporte/7', { cases: true }],
      [paths.support.upSell]: ['/suporte/7/1', { cases: true }],
      [paths.claims.pattern]: ['/sinistros', { claims: true }],
      [paths.claims.byContract]: ['/sinistros/7', { claimEntry: true }],
      [paths.claims.case]: ['/sinistros/consulta/2026-000042', { claim: '2026-000042' }],
      [paths.notice.pattern]: ['/aviso', {}],
      [paths.notice.byContract]: ['/aviso/7', {}],
    };
    expect(sorted(Object.keys(firstScreens))).toEqual(sorted(customerPatterns));
    for (const [pattern, [address, parts]] of Object.entries(firstScreens)) {
      expect(routeOf(address), address).toBe(pattern);
      const { nCtrId: _stored, ...asked } = firstScreenRequest(address, 1);
      expect(asked, address).toEqual(parts);
    }
    for (const page of publicPages) expect(firstScreenRequest(page, 1), page).toEqual({ nCtrId: 1 });
  });

  it("is what the e2e specs open: every screen, and no address outside it but the not-found page's", () => {
    const maria = { contracts: { onix: 11, civic: 12, rastreador: 13 }, claims: ['2026-000042'] };
    const opened = [...PUBLIC_ROUTES, ...customerRoutes(maria)];
    const reached = new Set(opened.map(routeOf));
    for (const address of opened) expect(routeOf(address), address).not.toBeNull();
    expect(opened.filter((a) => routeOf(a) === '*')).toEqual(['/rota-que-nao-existe']);
    // The staff console's screens have their own specs (backoffice.spec.ts, backoffice-shell.spec.ts); the legacy addresses only redirect; a
    // contract's payments are the payments screen (/pagamentos, listed) of that contract (boot.spec.ts opens it).
    const skipped: string[] = [
      paths.backoffice.case,
      paths.backoffice.finance,
      paths.backoffice.audit,
      paths.backoffice.cannedReplies,
      paths.legacy.panel,
      paths.legacy.dashboard,
      paths.payments.byContract,
    ];
    const screens = patternsOf(routes).filter((p) => !skipped.includes(p));
    expect(screens.filter((p) => !reached.has(p))).toEqual([]);
  });

  it("measures routes of the table in the bench's Lighthouse part, logged in exactly on the customer routes", () => {
    for (const route of LIGHTHOUSE_ROUTES) {
      expect(routeOf(route.path), route.path).not.toBe('*');
      expect(routeOf(route.path), route.path).not.toBeNull();
      expect(route.auth, route.path).toBe(isCustomerRoute(route.path));
      expect(route.public ?? false, route.path).toBe(!route.auth);
    }
    const measured = LIGHTHOUSE_ROUTES.map((r) => r.path);
    for (const page of PRERENDER_PAGES) expect(measured, page.path).toContain(page.path);
  });
});
