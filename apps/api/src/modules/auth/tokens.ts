import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const ISSUER = 'guarita';
const AUDIENCE = 'guarita-web';
const ALG = 'HS256';

export interface TokenClaims {
  customerId: number;
  /** refresh-token family = the login; lets the server revoke every token of a logout */
  familyId: string;
  document: string;
}

/** Access tokens whose signature and claims were checked, remembered at most (ADR 049); past it the oldest go first. */
export const VERIFIED_TOKENS_MAX = 10_000;

/** Short-lived JWTs: IdToken (identity, username = CPF/CNPJ, read by the web app) and AccessToken (sent to the API). */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Access tokens already verified, by their exact text, with the instant they stop being valid (the earlier of
   * `exp` and `iat` + max age). The same bytes always verify the same way, so only the clock is checked again.
   */
  private readonly verified = new Map<string, { customerId: number; familyId: string; validUntilMs: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
    private readonly maxVerified = VERIFIED_TOKENS_MAX,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(c: TokenClaims): Promise<{ IdToken: string; AccessToken: string; expiresIn: number }> {
    const sign = (typ: 'id' | 'access', extra: Record<string, unknown>) =>
      new SignJWT({ typ, sid: c.familyId, ...extra })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(c.customerId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${this.ttlSeconds}s`)
        .sign(this.key);
    const [IdToken, AccessToken] = await Promise.all([sign('id', { username: c.document }), sign('access', {})]);
    return { IdToken, AccessToken, expiresIn: this.ttlSeconds };
  }

  /** Returns the claims of a valid access token, or null (bad signature, wrong alg/aud/typ, expired). */
  async verifyAccess(token: string): Promise<{ customerId: number; familyId: string } | null> {
    const known = this.verified.get(token);
    if (known) {
      if (this.now() < known.validUntilMs) return { customerId: known.customerId, familyId: known.familyId };
      this.verified.delete(token);
      return null;
    }
    const maxAgeSeconds = this.ttlSeconds + 60;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        currentDate: new Date(this.now()),
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        // A token without an expiry (or any of these) is never valid, whoever signed it.
        requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub', 'typ', 'sid'],
        maxTokenAge: maxAgeSeconds,
      });
      if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !payload.sub) return null;
      const customerId = Number(payload.sub);
      if (!Number.isSafeInteger(customerId)) return null;
      // jose's own limits: expired once now ≥ exp, too old once now − iat > max age (whole seconds).
      const validUntilMs = Math.min(payload.exp ?? 0, (payload.iat ?? 0) + maxAgeSeconds + 1) * 1000;
      this.remember(token, { customerId, familyId: payload.sid, validUntilMs });
      return { customerId, familyId: payload.sid };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }

  private remember(token: string, entry: { customerId: number; familyId: string; validUntilMs: number }): void {
    if (this.verified.size >= this.maxVerified) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, entry);
  }
}
