import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

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
  private readonly key: Uint8Array;
  constructor(
    authSecret: string,
    readonly maxSeconds: number,
  ) {
    // Derived, not the customer key: even a route that forgot the audience check could not accept the other kind.
    this.key = new Uint8Array(createHmac('sha256', authSecret).update('guarita-backoffice-jwt').digest());
  }

  issue(c: StaffClaims): Promise<string> {
    return new SignJWT({ typ: 'staff', sid: c.sessionId })
      .setProtectedHeader({ alg: ALG })
      .setSubject(String(c.staffId))
      .setIssuer(ISSUER)
      .setAudience(STAFF_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.maxSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<StaffClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
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
