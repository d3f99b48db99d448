import { expect, type Page } from '@playwright/test';

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

export const CUSTOMER_ROUTES = [
  // The Onix first (tracker, trips, an overdue bill): each pass over the list starts from the richest screens.
  '/dashboard/100101',
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
  '/antecipacao',
  '/servicos-adicionais',
  '/suporte',
  // The upsell variant of the request form (plan, due-date and vehicle changes offered from the app).
  '/suporte/100101/1',
  // The plan change (issue 12) with its priced lists, opened through ?area=.
  '/suporte/100101?area=Alteracao-de-Plano',
  '/sinistros',
  // Each claim of the list's view comes right after the list: see customerRoutes (their numbers are read from the list).
  // The collision form on the Civic (or its evidence steps once a parallel spec has opened a claim there).
  '/sinistros/100104',
  // Dispositivo 2 has no claim cover: the blocking modal.
  '/sinistros/100102',
  '/aviso',
  '/aviso/100101',
  // Maria's Civic last: no tracker, no overdue bill, an annual plan (the start page without the banner).
  '/dashboard/100104',
] as const;

/**
 * CUSTOMER_ROUTES with the view of every claim in the customer's list (/sinistros/consulta/{case number}) after
 * '/sinistros'. The numbers are read from the list's links, as a customer would follow them: they depend on the
 * year and on what other specs running in parallel have opened.
 */
export async function customerRoutes(page: Page): Promise<string[]> {
  await openRoute(page, '/sinistros');
  const views = await page
    .getByRole('main')
    .getByRole('link', { name: /^Caso nº / })
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(views.length, 'claims in the list').toBeGreaterThan(0);
  const at = CUSTOMER_ROUTES.indexOf('/sinistros') + 1;
  return [...CUSTOMER_ROUTES.slice(0, at), ...views, ...CUSTOMER_ROUTES.slice(at)];
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
