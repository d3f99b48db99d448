/**
 * Where '/' sends someone who is already logged in: the payments of the plate in ?placa= (dashes turned
 * into spaces, as the spec says), otherwise the start page.
 */
export function loggedInRedirect(search: string): string {
  const placa = new URLSearchParams(search).get('placa');
  if (placa && placa.trim() !== '') {
    return `/pagamentos/placa/${encodeURIComponent(placa.replace(/-/g, ' ').trim())}`;
  }
  return '/dashboard';
}

/** Only same-site paths may be used as a post-login destination (no open redirect). */
export function safeInternalPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  return path;
}
