/**
 * Where the phone header's back button goes from each customer route (issue 8): the parent screen, never
 * the browser history, which after a login or a link from outside leaves the app. The start page has none.
 */
const PARENTS: Array<[RegExp, string | null]> = [
  [/^\/dashboard(\/[^/]+)?$/, null],
  [/^\/pagamentos\/(fatura-em-aberto|cartao|adicionar-cartao|pix-automatico)$/, '/pagamentos'],
  [/^\/antecipacao$/, '/pagamentos'],
  [/^\/suporte\/.+$/, '/suporte'],
  [/^\/sinistros\/.+$/, '/sinistros'],
  [/^\/aviso\/.+$/, '/aviso'],
];

/** The parent route of a customer-area path, or null on the start page. */
export function parentRoute(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [re, parent] of PARENTS) if (re.test(path)) return parent;
  return '/dashboard';
}
