import { STAFF_MSG, type StaffRole } from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import { randomToken } from '../../lib/crypto';
import type { GrowingDelay, RateLimiter } from '../../lib/rate-limit';
import type { Notifier } from '../../ports/notifier';
import type { Keyring } from '../../lib/keys';
import type { AuditLog } from './audit';
import type { StaffPrincipal, StaffRef, StaffRepository } from './repository';
import { currentTotp, hashPassword, newTotpSecret, otpauthUri, SecretBox, totpStep, verifyPassword } from './secrets';
import type { StaffTokens } from './tokens';
import { lockNoticeEmail } from './lock-notice';

export interface StaffSettings {
  /** Consecutive wrong authenticator codes after a right password that lock the account, and for how long. */
  maxFailures: number;
  lockSeconds: number;
  /** A session unused this long ends. */
  idleSeconds: number;
  /** Login attempts per IP per limiter window, whatever the account. */
  loginsPerIp: number;
  /** Absolute life of the session token (the cookie's max-age too). */
  tokenSeconds: number;
  /** Wrong passwords per (e-mail, address): a few free, then a growing wait for that pair only. */
  passwordDelay: GrowingDelay;
}

/** How the owner hears of a lock: by e-mail, through the app's notifier (demo outbox or SMTP). */
export interface LockNotice {
  notifier: Notifier;
  brand: string;
  /** A notice that could not be sent is logged; the lock holds anyway. */
  warn: (err: unknown) => void;
}

/** The second factor as a passkey: `check` answers whether a passkey of this staff account signed the challenge. */
export interface PasskeyFactor {
  check(staffId: number): Promise<boolean>;
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
    keys: Keyring,
    readonly settings: StaffSettings,
    private readonly lockNotice?: LockNotice,
  ) {
    this.box = new SecretBox(keys);
  }

  /**
   * E-mail + password + the authenticator's code. Every wrong answer looks the same ('E-mail, senha ou código
   * inválidos.') except a replayed code after a right password, the lock and the wait, which the owner needs to know.
   *
   * Wrong passwords slow down only their (e-mail, address) pair, so a stranger's guesses never stop the owner at
   * another address. Only wrong codes after a right password (someone who has the password guessing the second
   * factor) count toward the account's lock, which e-mails the owner. ADR 055.
   */
  async login(
    email: string,
    password: string,
    code: string | PasskeyFactor,
    ip: string,
  ): Promise<{ token: string; staff: StaffPrincipal }> {
    await this.limiter.hit(`staff-login-ip:${ip}`, this.settings.loginsPerIp);
    // Keyed on the e-mail typed, so an unknown e-mail waits exactly like an account.
    const pair = `staff-login-pw:${email}:${ip}`;
    await this.limiter.delay(pair, this.settings.passwordDelay, STAFF_MSG.tryAgainIn);
    const row = await this.repo.byEmail(email);
    const passwordOk = await verifyPassword(row?.password_hash ?? null, password);
    if (!row || !row.active) throw invalidLogin();
    const actor = { id: row.id, email: row.email, role: row.role, ip };
    // The attempt was the owner's (or the password is known): this address's earlier wrong passwords are forgiven.
    if (passwordOk) await this.limiter.clear(pair);
    if (row.locked) {
      await this.audit.record(this.db, actor, { action: 'login.bloqueado' });
      throw locked();
    }
    if (!passwordOk) {
      await this.audit.record(this.db, actor, { action: 'login.falhou' });
      throw invalidLogin();
    }
    // A passkey in place of the authenticator code (issue 31, ADR 089): a wrong one counts toward the lock like a wrong code.
    const passkey = typeof code === 'string' ? null : await code.check(row.id).catch(() => false);
    const secret = typeof code === 'string' ? this.box.open(row.totp_secret) : null;
    const step = typeof code !== 'string' ? (passkey ? -1 : null) : secret ? totpStep(secret, code, this.now()) : null;
    if (step === null) {
      const failure = await this.repo.recordFailure(row.id, this.settings.maxFailures, this.settings.lockSeconds);
      await this.audit.record(this.db, actor, { action: failure === 'locked-now' ? 'login.falhou.bloqueou' : 'login.falhou' });
      if (failure === 'locked-now') await this.notifyLock(row, ip);
      if (failure !== 'counted') throw locked();
      throw invalidLogin();
    }
    // A replayed code tells nothing new and is never accepted: refused without counting toward the lock.
    if (!(await this.repo.acceptLogin(row.id, step === -1 ? null : step))) {
      await this.audit.record(this.db, actor, { action: 'login.falhou' });
      throw new AppError(401, 'CODE_REUSED', STAFF_MSG.codeReused);
    }
    const sessionId = randomToken(24);
    await this.repo.createSession(sessionId, row.id);
    await this.audit.record(this.db, actor, { action: 'login', ...(passkey ? { after: { fator: 'chave de acesso' } } : {}) });
    return {
      token: await this.tokens.issue({ staffId: row.id, sessionId }),
      staff: { id: row.id, email: row.email, name: row.name, role: row.role, sessionId },
    };
  }

  /** The owner learns at once that someone who has the password is guessing the authenticator code. */
  private async notifyLock(row: { email: string; name: string }, ip: string): Promise<void> {
    if (!this.lockNotice) return;
    const { notifier, brand, warn } = this.lockNotice;
    try {
      await notifier.send({ channel: 'email', to: row.email, ...lockNoticeEmail(brand, row.name, this.settings.lockSeconds, ip) });
    } catch (err) {
      warn(err);
    }
  }

  get tokenSeconds(): number {
    return this.settings.tokenSeconds;
  }

  /**
   * The live session of a token, or null (bad token, revoked, idle too long, account disabled); `touch: false` (a
   * polling request) reads it without restarting its idle clock.
   */
  async session(token: string | undefined, { touch = true }: { touch?: boolean } = {}): Promise<StaffPrincipal | null> {
    const claims = token ? await this.tokens.verify(token) : null;
    return claims ? this.repo.liveSession(claims.sessionId, claims.staffId, this.settings.idleSeconds, touch) : null;
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

  /** Active colleagues of these roles, or the accounts with these ids (active or not), by name. */
  directory(f: { roles: readonly StaffRole[] } | { ids: readonly number[] }, q: Executor = this.db): Promise<StaffRef[]> {
    return this.repo.directory(q, f);
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
