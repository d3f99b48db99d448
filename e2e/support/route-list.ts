import type { TestCustomer } from './factory';

/*
 * The routes the e2e specs open (re-exported by ./routes.ts): a module of its own, with no Playwright import, so the
 * web app's route-table test (apps/web/src/app/route-table.test.ts) checks it against the router's table.
 */

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
