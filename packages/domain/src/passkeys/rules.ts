/**
 * Passkeys (issue 31 §1, ADR 089): the rules without zod, so the login page (on the prerendered home page) can use
 * them: the pt-BR messages, the relying party a request is served under, and the name a new passkey gets.
 */

export const PASSKEY_MSG = {
  offerTitle: 'Entrar com biometria neste aparelho',
  offerText: 'Da próxima vez, entre com a digital, o rosto ou o bloqueio de tela deste aparelho, sem esperar o código.',
  created: 'Biometria ativada neste aparelho.',
  removed: 'Acesso por biometria removido.',
  cancelled: 'A biometria não foi confirmada. Tente novamente ou entre com o código.',
  unsupported: 'Este navegador não permite entrar com biometria.',
  loginFailed: 'Não foi possível entrar com a biometria. Entre com o código.',
  expired: 'O pedido de biometria expirou. Tente novamente.',
  unknownPasskey: 'Esta biometria não está mais cadastrada. Entre com o código e ative-a de novo.',
  alreadyRegistered: 'Este aparelho já tem biometria cadastrada.',
  notFound: 'Acesso por biometria não encontrado.',
  empty: 'Nenhum aparelho com biometria. Ative-a ao entrar com o código.',
  staffFailed: 'E-mail, senha ou chave de acesso inválidos.',
} as const;

/** A challenge is good this long (the browser's own timeout is a little shorter). */
export const PASSKEY_CHALLENGE_SECONDS = 300;
/** What a customer may keep: a few phones, tablets and computers. */
export const PASSKEYS_PER_ACCOUNT = 10;
export const PASSKEY_NAME_MAX = 60;

export interface RelyingParty {
  /** The relying party id: a host name, never an IP address nor a port. */
  id: string;
  /** The origin the browser reports in clientDataJSON. */
  origin: string;
}

/**
 * The relying party a ceremony is run under. In production it is PUBLIC_URL's host (the address customers use, whatever
 * a proxy says). In demo mode it is the host the request arrived on, so http://localhost:<port> works as well as the
 * configured address. Null when that host is an IP address: WebAuthn refuses one, and the page then offers only the code.
 */
export function relyingParty(publicUrl: string, demoMode: boolean, request: { protocol: string; host: string }): RelyingParty | null {
  const url = demoMode ? safeUrl(`${request.protocol}://${request.host}`) : safeUrl(publicUrl);
  if (!url || isIpAddress(url.hostname)) return null;
  return { id: url.hostname, origin: url.origin };
}

const safeUrl = (s: string) => {
  try {
    return new URL(s);
  } catch {
    return null;
  }
};

/** IPv4 dotted quad or an IPv6 literal (URL keeps its brackets). */
export function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[') || host.includes(':');
}

/** A readable name for a new passkey from the browser's user agent: 'Chrome no Android', 'Safari no iPhone'. */
export function passkeyDeviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser/.test(ua)
      ? 'Samsung Internet'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /(Chrome|Chromium|CriOS)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'Mac'
          : /Windows/.test(ua)
            ? 'Windows'
            : /CrOS/.test(ua)
              ? 'Chromebook'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} no ${system}`;
  return browser ?? system ?? 'Aparelho';
}
