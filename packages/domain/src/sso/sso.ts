import { z } from 'zod';
import { INT4_MAX, safeText } from '../bounds';

/** Single sign-on (spec 002 §2.8): the /sso/{data} link and where it may lead. Pure, shared by web and API. */

export const SSO_MSG = {
  working: 'Autenticando...',
  failed: 'Oops! Erro ao autenticar dados.',
} as const;

/** Lifetime of a sign-on token: short, single use. */
export const SSO_TOKEN_SECONDS = 60;

/** Customer-area routes a sign-on link may open (the spec's route table, patterns with :params). */
export const SSO_ROUTES = [
  '/dashboard',
  '/dashboard/:nCtrId',
  '/cadastro',
  '/notificacoes',
  '/meu-plano',
  '/mapa',
  '/pagamentos',
  '/pagamentos/fatura-em-aberto',
  '/pagamentos/cartao',
  '/pagamentos/adicionar-cartao',
  '/pagamentos/pix-automatico',
  '/pagamentos/placa/:placa',
  '/pagamentos/:nCtrId',
  '/antecipacao',
  '/servicos-adicionais',
  '/suporte',
  '/suporte/:nCtrId',
  '/suporte/:nCtrId/:upSell',
  '/sinistros',
  '/sinistros/:nCtrId',
  '/sinistros/consulta/:caseId',
  '/aviso',
  '/aviso/:nCtrId',
] as const;

const SEGMENT = /^[A-Za-z0-9_-]{1,40}$/;

/** Keys a sign-on link's query may carry (they become query parameters of the landing page). */
export const SSO_QUERY_MAX_KEYS = 20;

export const SsoDataSchema = z.object({
  token: safeText(200).min(20),
  path: safeText(200).optional().nullable(),
  // A contract id is an int4 column: a larger one is not a contract, never a database error (issue 7).
  contractId: z
    .union([
      z.number().int().positive().max(INT4_MAX),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .refine((v) => Number(v) <= INT4_MAX),
    ])
    .optional()
    .nullable(),
  upSell: safeText(40).optional().nullable(),
  query: z
    .union([
      safeText(500),
      z
        .record(safeText(40), safeText(200))
        .refine((q) => Object.keys(q).length <= SSO_QUERY_MAX_KEYS, `No máximo ${SSO_QUERY_MAX_KEYS} parâmetros.`),
    ])
    .optional()
    .nullable(),
});
export type SsoData = z.infer<typeof SsoDataSchema>;

const toBase64Url = (s: string): string => {
  const bytes = new TextEncoder().encode(s);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const fromBase64Url = (s: string): string => {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
};

/** The {data} segment of /sso/{data}: base64url of the JSON {token, path, contractId, upSell, query}. */
export function encodeSsoData(data: SsoData): string {
  return toBase64Url(JSON.stringify(data));
}

/** Null for anything that is not a well-formed sign-on payload. */
export function decodeSsoData(raw: string | undefined | null): SsoData | null {
  if (!raw || raw.length > 2000 || !/^[A-Za-z0-9_-]+={0,2}$/.test(raw)) return null;
  try {
    const parsed = SsoDataSchema.safeParse(JSON.parse(fromBase64Url(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const matchesRoute = (pathname: string): boolean => {
  const parts = pathname.split('/').slice(1);
  return SSO_ROUTES.some((pattern) => {
    const p = pattern.split('/').slice(1);
    return p.length === parts.length && p.every((seg, i) => (seg.startsWith(':') ? SEGMENT.test(parts[i]!) : seg === parts[i]));
  });
};

export const contractIdOf = (data: Pick<SsoData, 'contractId'>): number | null =>
  data.contractId === undefined || data.contractId === null ? null : Number(data.contractId);

/**
 * Where a sign-on lands: `path` only when it is one of our customer routes (no scheme, no host, no '//',
 * no '..', no backslash), else null. An upSell on the support route with a contract becomes
 * /suporte/{contractId}/{upSell}; otherwise upSell and query travel as query parameters.
 */
export function ssoDestination(data: Pick<SsoData, 'path' | 'contractId' | 'upSell' | 'query'>): string | null {
  const raw = (data.path ?? '/dashboard').trim() || '/dashboard';
  const path = raw.startsWith('/') ? raw : `/${raw}`;
  if (path.startsWith('//') || path.includes('\\') || path.includes('..') || /[?#:%@]/.test(path)) return null;
  let pathname = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (!matchesRoute(pathname)) return null;
  const contractId = contractIdOf(data);
  const params = new URLSearchParams();
  if (data.upSell) {
    if (!SEGMENT.test(data.upSell)) return null;
    if ((pathname === '/suporte' || pathname === `/suporte/${contractId}`) && contractId !== null)
      pathname = `/suporte/${contractId}/${data.upSell}`;
    else params.set('upSell', data.upSell);
  }
  const query = typeof data.query === 'string' ? new URLSearchParams(data.query.replace(/^\?/, '')) : new URLSearchParams(data.query ?? {});
  for (const [k, v] of query) if (!params.has(k)) params.set(k, v);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
