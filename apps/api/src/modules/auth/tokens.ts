import { SignJWT, jwtVerify, errors as joseErrors, type JWTHeaderParameters } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Keyring } from '../../lib/keys';
import { expiringTtl } from '../../lib/ttl';

const ISSUER = 'guarita';
const AUDIENCE = 'guarita-web';
/** The page token's own audience: verifyAccess never accepts it, and verifyPage never accepts an access token. */
const PAGE_AUDIENCE = 'guarita-page';
const ALG = 'HS256';

/** Who a token names: the customer and the login it belongs to. */
export interface TokenSubject {
  customerId: number;
  /** refresh-token family = the login; lets the server revoke every token of a logout */
  familyId: string;
}

export interface TokenClaims extends TokenSubject {
  document: string;
}

/** Access tokens whose signature and claims were checked, remembered at most (ADR 049); past it the least recently used go first. */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Short-lived JWTs: IdToken (identity, username = CPF/CNPJ, read by the web app) and AccessToken (sent to the API);
 * plus the page token (cookie guarita_pg, ADR 059), only read when serving a logged-in page's HTML.
 */
export class TokenService {
  /**
   * Access tokens already verified, by their exact text, with the instant they stop being valid (the earlier of
   * `exp` and `iat` + max age). The same bytes always verify the same way, so only the clock is checked again.
   */
  private readonly verified: LRUCache<string, TokenSubject>;

  constructor(
    /** Signs with the current secret's 'access-token' key (its id in `kid`); verifies with the key `kid` names (ADR 062). */
    private readonly keys: Keyring,
    private readonly ttlSeconds: number,
    /** Lifetime of a page token: re-issued on every login, refresh and boot, and only good while the login is live. */
    private readonly pageSeconds: number,
    private readonly now: () => number = Date.now,
    maxVerified = VERIFIED_TOKENS_MAX,
  ) {
    this.verified = new LRUCache({ max: maxVerified, perf: { now }, ttlResolution: 0 });
  }

  async issue(c: TokenClaims): Promise<{ IdToken: string; AccessToken: string; expiresIn: number }> {
    const [IdToken, AccessToken] = await Promise.all([
      this.sign(c, 'id', AUDIENCE, this.ttlSeconds, { username: c.document }),
      this.sign(c, 'access', AUDIENCE, this.ttlSeconds),
    ]);
    return { IdToken, AccessToken, expiresIn: this.ttlSeconds };
  }

  /** The page token of a login (ADR 059): `typ: 'page'`, audience 'guarita-page', valid for `pageSeconds`. */
  issuePage(c: TokenSubject): Promise<string> {
    return this.sign(c, 'page', PAGE_AUDIENCE, this.pageSeconds);
  }

  private sign(c: TokenSubject, typ: 'id' | 'access' | 'page', audience: string, seconds: number, extra: Record<string, unknown> = {}) {
    return new SignJWT({ typ, sid: c.familyId, ...extra })
      .setProtectedHeader({ alg: ALG, kid: this.keys.kid })
      .setSubject(String(c.customerId))
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.keys.key('access-token'));
  }

  /** The key the token's `kid` names: the current or the previous secret's; none = the token is refused. */
  private readonly keyOf = (header: JWTHeaderParameters): Uint8Array => {
    const key = this.keys.byKid('access-token', header.kid);
    if (!key) throw new joseErrors.JWSSignatureVerificationFailed('unknown key id');
    return key;
  };

  /** Returns the claims of a valid access token, or null (bad signature, wrong alg/aud/typ, expired). */
  async verifyAccess(token: string): Promise<TokenSubject | null> {
    const known = this.verified.get(token);
    if (known) return { ...known };
    const checked = await this.check(token, 'access', AUDIENCE, this.ttlSeconds);
    if (!checked) return null;
    this.remember(token, checked);
    return { customerId: checked.customerId, familyId: checked.familyId };
  }

  /** Returns the claims of a valid page token, or null (an access or id token, bad signature, expired…). */
  async verifyPage(token: string): Promise<TokenSubject | null> {
    const checked = await this.check(token, 'page', PAGE_AUDIENCE, this.pageSeconds);
    return checked && { customerId: checked.customerId, familyId: checked.familyId };
  }

  /** Signature, algorithm, issuer, audience, typ and age of a token; with the instant it stops being valid. */
  private async check(
    token: string,
    typ: 'access' | 'page',
    audience: string,
    ttlSeconds: number,
  ): Promise<(TokenSubject & { validUntilMs: number }) | null> {
    const maxAgeSeconds = ttlSeconds + 60;
    try {
      const { payload } = await jwtVerify(token, this.keyOf, {
        currentDate: new Date(this.now()),
        algorithms: [ALG],
        issuer: ISSUER,
        audience,
        // A token without an expiry (or any of these) is never valid, whoever signed it.
        requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub', 'typ', 'sid'],
        maxTokenAge: maxAgeSeconds,
      });
      if (payload.typ !== typ || typeof payload.sid !== 'string' || !payload.sub) return null;
      const customerId = Number(payload.sub);
      if (!Number.isSafeInteger(customerId)) return null;
      // jose's own limits: expired once now ≥ exp, too old once now − iat > max age (whole seconds).
      const validUntilMs = Math.min(payload.exp ?? 0, (payload.iat ?? 0) + maxAgeSeconds + 1) * 1000;
      return { customerId, familyId: payload.sid, validUntilMs };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }

  private remember(token: string, entry: TokenSubject & { validUntilMs: number }): void {
    const ttl = expiringTtl(entry.validUntilMs - this.now());
    if (ttl > 0) this.verified.set(token, { customerId: entry.customerId, familyId: entry.familyId }, { ttl });
  }
}
