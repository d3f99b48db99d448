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

/** Short-lived JWTs: IdToken (identity, username = CPF/CNPJ, read by the web app) and AccessToken (sent to the API). */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        // A token without an expiry (or any of these) is never valid, whoever signed it.
        requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub', 'typ', 'sid'],
        maxTokenAge: `${this.ttlSeconds + 60}s`,
      });
      if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !payload.sub) return null;
      const customerId = Number(payload.sub);
      return Number.isSafeInteger(customerId) ? { customerId, familyId: payload.sid } : null;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}
