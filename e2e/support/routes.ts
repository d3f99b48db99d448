import { expect, type Page } from '@playwright/test';
import type { TestCustomer } from './factory';

/**
 * Every route of the spec's table a visitor or a customer can open, one address per screen (the aliases and
 * the contract-in-the-address variants render the same screens). Routes that later issues build are already
 * here: they show their own screen or the coming-soon page, and both must pass the same checks.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/duvidas-frequentes',
  '/contato',
  '/politica-de-privacidade',
  '/termos-de-uso',
  '/checkout',
  '/checkout/contact',
  '/indicacao',
  // A sign-on link that cannot be used: the page says so and offers the login.
  '/sso/link-invalido',
  '/rota-que-nao-existe',
  // The staff console's login (issue 13); the console's own screens are checked in backoffice.spec.ts.
  '/backoffice',
] as const;

/**
 * Every customer screen of a customer shaped as support/customers.ts's mariaSpec(), with her own contract numbers
 * and, after '/sinistros', the view of each of her claims (/sinistros/consulta/{case number}).
 */
export function customerRoutes(maria: Pick<TestCustomer, 'contracts' | 'claims'>): string[] {
  const { onix, civic, rastreador } = maria.contracts;
  return [
    // The Onix first (tracker, trips, an overdue bill): each pass over the list starts from the richest screens.
    `/dashboard/${onix}`,
    '/dashboard',
    '/cadastro',
    // The customer's notifications and e-mail choices (issue 13 §3).
    '/notificacoes',
    '/meu-plano',
    '/mapa',
    '/pagamentos',
    '/pagamentos/placa/RTA1B23',
    '/pagamentos/fatura-em-aberto',
    '/pagamentos/cartao',
    '/pagamentos/adicionar-cartao',
    // Pix Automático for the monthly fee (issue 27 item 6): the authorisation form of a contract never authorised.
    '/pagamentos/pix-automatico',
    '/antecipacao',
    '/servicos-adicionais',
    '/suporte',
    // The upsell variant of the request form (plan, due-date and vehicle changes offered from the app).
    `/suporte/${onix}/1`,
    // The plan change (issue 12) with its priced lists, opened through ?area=.
    `/suporte/${onix}?area=Alteracao-de-Plano`,
    '/sinistros',
    ...maria.claims.map((n) => `/sinistros/consulta/${n}`),
    // The collision form on the Civic, which has no claim.
    `/sinistros/${civic}`,
    // Dispositivo 2 has no claim cover: the blocking modal.
    `/sinistros/${rastreador}`,
    '/aviso',
    `/aviso/${onix}`,
    // Maria's Civic last: no tracker, no overdue bill, an annual plan (the start page without the banner).
    `/dashboard/${civic}`,
  ];
}

/** Opens a route and waits until its screen has settled: the main heading is shown and nothing is loading. */
export async function openRoute(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), `h1 of ${path}`).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Carregando/ }), `loading on ${path}`).toHaveCount(0);
}

/** How far the page scrolls sideways (0 when nothing is wider than the viewport). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The elements that stick out on the right, to say which one is too wide when the check fails. */
export async function widestElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    return (
      Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
        // A closed slide-in menu waits off-screen in a fixed layer, which does not scroll the page.
        .filter((el) => !el.closest('[inert]'))
        .slice(0, 8)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} → ${Math.round(el.getBoundingClientRect().right)}px`)
    );
  });
}
