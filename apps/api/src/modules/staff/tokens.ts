import { SignJWT, jwtVerify, errors as joseErrors, type JWTHeaderParameters } from 'jose';
import type { Keyring } from '../../lib/keys';

const ISSUER = 'guarita';
/** Its own audience and its own key: a customer token never passes here, and a staff token never passes the customer check. */
export const STAFF_AUDIENCE = 'guarita-backoffice';
const ALG = 'HS256';

export interface StaffClaims {
  staffId: number;
  sessionId: string;
}

/** The staff session token (a JWT in an HttpOnly cookie). The session row behind it carries idle time and revocation. */
export class StaffTokens {
  constructor(
    // Its own purpose, not the customer key: even a route that forgot the audience check could not accept the other kind.
    private readonly keys: Keyring,
    readonly maxSeconds: number,
  ) {}

  /** The key the token's `kid` names (current or previous AUTH_SECRET, ADR 062); none = refused. */
  private readonly keyOf = (header: JWTHeaderParameters): Uint8Array => {
    const key = this.keys.byKid('staff-token', header.kid);
    if (!key) throw new joseErrors.JWSSignatureVerificationFailed('unknown key id');
    return key;
  };

  issue(c: StaffClaims): Promise<string> {
    return new SignJWT({ typ: 'staff', sid: c.sessionId })
      .setProtectedHeader({ alg: ALG, kid: this.keys.kid })
      .setSubject(String(c.staffId))
      .setIssuer(ISSUER)
      .setAudience(STAFF_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.maxSeconds}s`)
      .sign(this.keys.key('staff-token'));
  }

  async verify(token: string): Promise<StaffClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.keyOf, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: STAFF_AUDIENCE,
        requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub', 'typ', 'sid'],
        maxTokenAge: `${this.maxSeconds + 60}s`,
      });
      if (payload.typ !== 'staff' || typeof payload.sid !== 'string') return null;
      const staffId = Number(payload.sub);
      return Number.isSafeInteger(staffId) ? { staffId, sessionId: payload.sid } : null;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}
