/**
 * Where '/' sends someone who is already logged in: the payments of the plate in ?placa= (dashes turned
 * into spaces, as the spec says), else the customer route in ?voltar= (the page the customer was sent to log in
 * from; `isCustomerRoute` says which paths are one), otherwise the start page.
 */
export function loggedInRedirect(search: string, isCustomerRoute: (path: string) => boolean = () => false): string {
  const params = new URLSearchParams(search);
  const placa = params.get('placa');
  if (placa && placa.trim() !== '') {
    return `/pagamentos/placa/${encodeURIComponent(placa.replace(/-/g, ' ').trim())}`;
  }
  const back = safeInternalPath(params.get(RETURN_PARAM));
  return back && isCustomerRoute(back) ? back : '/dashboard';
}

/** The query parameter of '/' naming the customer page a login returns to (`/?voltar=/sinistros/consulta/…`). */
export const RETURN_PARAM = 'voltar';

/** The login, then back to `pathname` (a customer route opened logged out: a claim e-mail's link). */
export function loginReturningTo(pathname: string): string {
  const back = safeInternalPath(pathname);
  return back ? `/?${RETURN_PARAM}=${encodeURIComponent(back)}` : '/';
}

/**
 * Only a same-origin path may be a post-login destination (no open redirect): it starts with one '/' (not '//' nor
 * '/\\', which browsers read as another host), has no backslash, control character, query, fragment or dot segment,
 * and is the path a URL resolves it to.
 */
export function safeInternalPath(path: string | null | undefined): string | null {
  // Printable ASCII only (a browser's pathname is percent-encoded): no control character nor space.
  if (!path || path.length > 512 || !/^\/[!-~]*$/.test(path) || path.startsWith('//') || /[\\?#]/.test(path)) return null;
  try {
    const url = new URL(path, 'https://guarita.invalid');
    if (url.origin !== 'https://guarita.invalid' || url.pathname !== path) return null;
  } catch {
    return null;
  }
  return path;
}
