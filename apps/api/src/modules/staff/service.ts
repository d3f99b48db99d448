import { STAFF_MSG, type StaffRole } from '@guarita/domain';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import { randomToken } from '../../lib/crypto';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AuditLog } from './audit';
import type { StaffPrincipal, StaffRepository } from './repository';
import { currentTotp, hashPassword, newTotpSecret, otpauthUri, SecretBox, totpStep, verifyPassword } from './secrets';
import type { StaffTokens } from './tokens';

export interface StaffSettings {
  /** Consecutive failures that lock the account, and for how long. */
  maxFailures: number;
  lockSeconds: number;
  /** A session unused this long ends. */
  idleSeconds: number;
  /** Login attempts per IP per limiter window, whatever the account. */
  loginsPerIp: number;
  /** Absolute life of the session token (the cookie's max-age too). */
  tokenSeconds: number;
}

export const invalidLogin = () => new AppError(401, 'INVALID_LOGIN', STAFF_MSG.invalidLogin);
const locked = () => new AppError(429, 'ACCOUNT_LOCKED', STAFF_MSG.locked);

/** Staff accounts, the e-mail + password + TOTP login, sessions (idle timeout, logout everywhere). ADR 055. */
export class StaffService {
  private readonly box: SecretBox;

  constructor(
    private readonly db: Database,
    private readonly repo: StaffRepository,
    private readonly tokens: StaffTokens,
    private readonly audit: AuditLog,
    private readonly limiter: RateLimiter,
    private readonly now: () => number,
    authSecret: string,
    readonly settings: StaffSettings,
  ) {
    this.box = new SecretBox(authSecret);
  }

  /**
   * E-mail + password + the authenticator's code. Every wrong answer looks the same ('E-mail, senha ou código
   * inválidos.') except a replayed code after a right password and the lock, which the owner needs to know.
   */
  async login(email: string, password: string, code: string, ip: string): Promise<{ token: string; staff: StaffPrincipal }> {
    await this.limiter.hit(`staff-login-ip:${ip}`, this.settings.loginsPerIp);
    const row = await this.repo.byEmail(email);
    const passwordOk = await verifyPassword(row?.password_hash ?? null, password);
    if (!row || !row.active) throw invalidLogin();
    const actor = { id: row.id, email: row.email, role: row.role, ip };
    if (row.locked) {
      await this.audit.record(this.db, actor, { action: 'login.bloqueado' });
      throw locked();
    }
    const secret = this.box.open(row.totp_secret);
    const step = passwordOk && secret ? totpStep(secret, code, this.now()) : null;
    const accepted = step !== null && (await this.repo.acceptLogin(row.id, step));
    if (!accepted) {
      const nowLocked = await this.repo.recordFailure(row.id, this.settings.maxFailures, this.settings.lockSeconds);
      await this.audit.record(this.db, actor, { action: nowLocked ? 'login.falhou.bloqueou' : 'login.falhou' });
      if (nowLocked) throw locked();
      if (step !== null) throw new AppError(401, 'CODE_REUSED', STAFF_MSG.codeReused);
      throw invalidLogin();
    }
    const sessionId = randomToken(24);
    await this.repo.createSession(sessionId, row.id);
    await this.audit.record(this.db, actor, { action: 'login' });
    return {
      token: await this.tokens.issue({ staffId: row.id, sessionId }),
      staff: { id: row.id, email: row.email, name: row.name, role: row.role, sessionId },
    };
  }

  get tokenSeconds(): number {
    return this.settings.tokenSeconds;
  }

  /** The live session of a token, or null (bad token, revoked, idle too long, account disabled). */
  async session(token: string | undefined): Promise<StaffPrincipal | null> {
    const claims = token ? await this.tokens.verify(token) : null;
    return claims ? this.repo.touchSession(claims.sessionId, claims.staffId, this.settings.idleSeconds) : null;
  }

  async logout(p: StaffPrincipal, ip: string): Promise<void> {
    await this.repo.revokeSession(p.sessionId);
    await this.audit.record(this.db, { id: p.id, email: p.email, role: p.role, ip }, { action: 'logout' });
  }

  async logoutEverywhere(p: StaffPrincipal, ip: string): Promise<number> {
    const n = await this.repo.revokeAll(p.id);
    await this.audit.record(this.db, { id: p.id, email: p.email, role: p.role, ip }, { action: 'logout.todas', after: { sessoes: n } });
    return n;
  }

  /** `npm run staff:create`: a new account; answers the TOTP enrolment URI (shown once, never stored in clear). */
  async create(input: { email: string; name: string; role: StaffRole; password: string }): Promise<{ id: number; otpauthUri: string }> {
    const secret = newTotpSecret();
    const id = await this.db.transaction().execute(async (tx) => {
      const staffId = await this.repo.insert(tx, {
        email: input.email,
        name: input.name,
        role: input.role,
        passwordHash: await hashPassword(input.password),
        sealedTotpSecret: this.box.seal(secret),
      });
      await this.audit.record(
        tx,
        { id: null, email: 'staff:create', role: 'sistema', ip: null },
        {
          action: 'staff.criado',
          after: { email: input.email, papel: input.role },
        },
      );
      return staffId;
    });
    return { id, otpauthUri: otpauthUri(secret, input.email) };
  }

  /** Demo seed: an account with a known password hash and TOTP secret (demo mode only, ./demo.ts). */
  async seedDemo(a: { email: string; name: string; role: StaffRole; passwordHash: string; totpSecret: string }): Promise<void> {
    await this.repo.upsertDemo({ ...a, sealedTotpSecret: this.box.seal(a.totpSecret) });
  }

  /** Demo mode's helper: the account's current code, like the customer outbox. Null for an unknown e-mail. */
  async currentCode(email: string): Promise<{ codigo: string; validoAte: string } | null> {
    const sealed = await this.repo.sealedSecret(email);
    const secret = sealed ? this.box.open(sealed) : null;
    if (!secret) return null;
    const now = this.now();
    const periodMs = 30_000;
    return { codigo: currentTotp(secret, now), validoAte: new Date((Math.floor(now / periodMs) + 1) * periodMs).toISOString() };
  }
}
