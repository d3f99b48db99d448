import { createHmac } from 'node:crypto';
import { MSG, maskEmail, maskPhone, type Channel } from '@guarita/domain';
import type { AppConfig } from '../../config';
import { AppError, unauthorized } from '../../lib/errors';
import { generateCode, randomToken, safeEqual } from '../../lib/crypto';
import { DAY_BUCKET, type RateLimiter } from '../../lib/rate-limit';
import type { Notifier } from '../../ports/notifier';
import type { CustomersService } from '../customers';
import type { AuthRepository } from './repository';
import type { TokenService } from './tokens';

const SESSION_SECONDS = 30 * 60;

const DECOY_EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'bol.com.br'];
const DECOY_DDD = ['11', '21', '31', '41', '47', '51', '61', '62', '71', '81', '85', '19', '27', '34', '48'];

/**
 * Plausible masked destinations for a document that is not a customer, derived with a keyed hash: the same every time
 * for one document, different between documents, and impossible to tell from a customer's without the secret.
 */
export function decoyContacts(secret: Buffer, document: string): { Sms: string | null; Email: string | null; canalPadrao: Channel } {
  const h = createHmac('sha256', secret).update(`decoy-contacts\u0000${document}`).digest();
  const hasSms = h[0]! % 5 !== 0; // most customers have a mobile on file
  const ddd = DECOY_DDD[h[1]! % DECOY_DDD.length]!;
  const phone = `${ddd}9${String(h.readUInt32BE(2) % 100_000_000).padStart(8, '0')}`;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const userLen = 5 + (h[6]! % 8);
  const user = Array.from({ length: userLen }, (_, i) => letters[h[7 + i]! % letters.length]).join('');
  const email = `${user}@${DECOY_EMAIL_DOMAINS[h[20]! % DECOY_EMAIL_DOMAINS.length]}`;
  return { Sms: hasSms ? maskPhone(phone) : null, Email: maskEmail(email), canalPadrao: hasSms ? 'sms' : 'email' };
}

/** Proof of work (ALTCHA, the contact module's CaptchaService): throws a 400/409 AppError unless solved, once. */
export interface ChallengeCheck {
  verifyOnce(payload: string): Promise<void>;
}

export interface IssuedTokens {
  IdToken: string;
  AccessToken: string;
  expiresIn: number;
  refreshToken: string;
  /** The page cookie's token (ADR 059): same customer and login as the AccessToken. */
  pageToken: string;
}

/** The login protocol of spec 000 §2–§4 with the security rules of DESIGN.md §5. */
export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    private readonly notifier: Notifier,
    private readonly customers: CustomersService,
    private readonly config: AppConfig,
    private readonly challenges: ChallengeCheck,
  ) {}

  private get keys() {
    return this.config.keys;
  }
  private hashCode(sessionId: string, code: string) {
    return this.keys.hash('login-code', sessionId, code);
  }
  private hashRefresh(token: string) {
    return this.keys.hash('refresh-token', token);
  }
  /**
   * The refresh token's row: hashed under the current key, or (during a rotation) under the previous one, so a rotation
   * does not log every customer out (ADR 062).
   */
  private async useRefreshToken(token: string) {
    for (const hash of this.keys.hashes('refresh-token', token)) {
      const used = await this.repo.useRefreshToken(hash);
      if (used.state !== 'unknown') return { ...used, hash };
    }
    return { state: 'unknown' as const };
  }

  /** Step 1: the document is known → a login session with the masked destinations. */
  async start(document: string, ip: string) {
    await this.limiter.hit(`lookup:ip:${ip}`, this.config.limits.lookupsPerIp);
    const customer = await this.customers.loginContactByDocument(document);
    const Sessao = randomToken(24);
    // Unknown but valid: the same answer as a customer's (ASVS 6.3.8) — a session that never receives a code.
    if (!customer) {
      await this.repo.createDecoySession(Sessao, document, SESSION_SECONDS);
      return { Sessao, ...decoyContacts(this.keys.key('decoy-contacts'), document) };
    }
    await this.repo.createSession(Sessao, customer.id, SESSION_SECONDS);
    return {
      Sessao,
      Sms: customer.sms_phone ? maskPhone(customer.sms_phone) : null,
      Email: customer.email ? maskEmail(customer.email) : null,
      canalPadrao: (customer.sms_phone ? 'sms' : 'email') as Channel,
    };
  }

  /** A signed cookie value naming a device that completed a login of `customerId` (issue 7, ADR 010). */
  deviceCookieFor(customerId: number): string {
    const id = randomToken(16);
    return `${customerId}.${id}.${this.keys.hash('device-cookie', String(customerId), id)}`;
  }

  /** The device id when the cookie is genuine and was issued to this customer; null otherwise. */
  trustedDevice(cookie: string | undefined, customerId: number): string | null {
    const [cid, id, mac, extra] = (cookie ?? '').split('.');
    if (!cid || !id || !mac || extra !== undefined || cid !== String(customerId)) return null;
    return this.keys.hashes('device-cookie', cid, id).some((h) => safeEqual(mac, h)) ? id : null;
  }

  /**
   * Per-document limits that strangers cannot use to lock the owner out (ADR 010, issue 23): a request is counted per
   * document + IP (or, from a device that logged this customer in before, per device) and refused past it — that
   * stops only that address or device. The limits shared by everyone who knows the document never refuse: past the
   * per-document ceiling (a trusted device skips it) or the daily guesses, each request needs a solved challenge.
   */
  private async documentLimits(
    kind: 'code' | 'verify',
    doc: string,
    ip: string,
    device: string | null,
    perDocIp: number,
    ceiling: number,
    altcha: string | undefined,
  ) {
    await this.limiter.hit(device ? `${kind}:device:${device}` : `${kind}:docip:${doc}:${ip}`, perDocIp);
    const withinCeiling = device !== null || (await this.limiter.take(`${kind}:doc:${doc}`, ceiling));
    const withinDay =
      withinCeiling &&
      (kind === 'code' || (await this.limiter.take(`${DAY_BUCKET}verify:doc:${doc}`, this.config.limits.guessesPerDocumentDay)));
    if (withinCeiling && withinDay) return;
    if (!altcha) throw new AppError(429, 'CHALLENGE_REQUIRED', MSG.challengeRequired);
    await this.challenges.verifyOnce(altcha);
  }

  /** Step 2: send a fresh code through the chosen channel. */
  /** The customer behind a live login session, with the contacts the login needs. */
  private async sessionCustomer(sessionId: string) {
    const customerId = await this.repo.liveSession(sessionId);
    return customerId === null ? null : this.customers.loginContact(customerId);
  }

  async sendCode(sessionId: string, channel: Channel, ip: string, deviceCookie?: string, altcha?: string) {
    const session = await this.sessionCustomer(sessionId);
    if (!session) return this.decoySendCode(sessionId, channel, ip, altcha);
    const to = channel === 'sms' ? session.sms_phone : session.email;
    if (!to) throw new AppError(400, 'CHANNEL_UNAVAILABLE', 'Este meio de envio não está disponível. Escolha outra opção.');
    await this.limiter.hit(`code:ip:${ip}`, this.config.limits.codeRequestsPerIp);
    const { codeRequestsPerDocumentIp, codeRequestsPerDocument } = this.config.limits;
    const device = this.trustedDevice(deviceCookie, session.id);
    await this.documentLimits('code', session.document, ip, device, codeRequestsPerDocumentIp, codeRequestsPerDocument, altcha);
    const code = generateCode();
    const codeId = await this.repo.insertCode(sessionId, this.hashCode(sessionId, code), channel, this.config.tokens.codeSeconds);
    const minutes = Math.round(this.config.tokens.codeSeconds / 60);
    try {
      await this.notifier.send({
        channel,
        to,
        subject: `Seu código de acesso ${this.config.brand.name}`,
        body: `${this.config.brand.name}: seu código de acesso é ${code}. Ele vale por ${minutes} minutos. Não compartilhe este código.`,
      });
    } catch (err) {
      // Not delivered: the new code never existed and the previous one still works.
      await this.repo.deleteCode(codeId);
      throw new AppError(502, 'DELIVERY_FAILED', 'Não foi possível enviar o código. Tente novamente em instantes.', {}, err);
    }
    await this.repo.retireOlderCodes(sessionId, codeId);
    return { canal: channel, destino: channel === 'sms' ? maskPhone(to) : maskEmail(to) };
  }

  /** Step 3: a right code, once, within its time, from the session that asked for it → tokens. */
  async verify(
    sessionId: string,
    code: string,
    ip: string,
    deviceCookie?: string,
    altcha?: string,
  ): Promise<IssuedTokens & { customerId: number }> {
    const session = await this.sessionCustomer(sessionId);
    if (!session) return this.decoyVerify(sessionId, ip, altcha);
    await this.limiter.hit(`verify:ip:${ip}`, this.config.limits.verifyPerIp);
    const { verifyPerDocument, wrongTriesPerCode } = this.config.limits;
    // No code to try: not a guess, so only the address counts it (a stranger's no-code verifies must not lock the document).
    if (!(await this.repo.hasLiveCode(sessionId, wrongTriesPerCode))) throw new AppError(401, 'CODE_EXPIRED', MSG.codeExpired);
    const device = this.trustedDevice(deviceCookie, session.id);
    await this.documentLimits('verify', session.document, ip, device, verifyPerDocument, verifyPerDocument, altcha);
    const live = await this.repo.spendTry(sessionId, wrongTriesPerCode);
    if (!live) throw new AppError(401, 'CODE_EXPIRED', MSG.codeExpired);
    if (!this.keys.hashes('login-code', sessionId, code).some((h) => safeEqual(live.code_hash, h)))
      throw new AppError(401, 'CODE_INVALID', MSG.codeCheckFailed);
    if (!(await this.repo.consumeCode(live.id))) throw new AppError(401, 'CODE_EXPIRED', MSG.codeExpired);
    const familyId = randomToken(16);
    await this.repo.createFamily(familyId, session.id, this.config.tokens.refreshAbsoluteSeconds);
    return { ...(await this.issue(familyId, session.id, session.document)), customerId: session.id };
  }

  /**
   * Single sign-on (issue 10): a trusted system vouched for this customer, so a new login family starts exactly
   * as after a verified code — same tokens, same refresh rotation and expiry.
   */
  async signInVouched(customerId: number, document: string): Promise<IssuedTokens> {
    const familyId = randomToken(16);
    await this.repo.createFamily(familyId, customerId, this.config.tokens.refreshAbsoluteSeconds);
    return this.issue(familyId, customerId, document);
  }

  /**
   * A passkey login (issue 31, ADR 089): the server checked the assertion, so a login starts exactly as after a
   * verified code, remembering the passkey so that removing it ends this login too.
   */
  async signInWithPasskey(customerId: number, document: string, passkeyId: number): Promise<IssuedTokens> {
    const familyId = randomToken(16);
    await this.repo.createFamily(familyId, customerId, this.config.tokens.refreshAbsoluteSeconds, passkeyId);
    return this.issue(familyId, customerId, document);
  }

  /** Ends at once every login a passkey opened (the passkey is being removed). */
  revokePasskeyLogins(passkeyId: number): Promise<number> {
    return this.repo.revokePasskeyFamilies(passkeyId);
  }

  /**
   * The successor of a refresh token is derived from it (keyed): two tabs refreshing with the same cookie at once get the
   * same successor instead of one of them being treated as a thief. Unpredictable without the secret and the token.
   */
  private successorOf(refreshToken: string): string {
    return this.keys.hash('refresh-successor', refreshToken);
  }

  /** Step 2 for an unknown document: limits counted alike, the same answer, nothing sent. */
  private async decoySendCode(sessionId: string, channel: Channel, ip: string, altcha: string | undefined) {
    const decoy = await this.repo.liveDecoySession(sessionId);
    if (!decoy) throw new AppError(400, 'LOGIN_SESSION_EXPIRED', 'Sua sessão de login expirou. Informe o CPF ou CNPJ novamente.');
    const contacts = decoyContacts(this.keys.key('decoy-contacts'), decoy.document);
    const destino = channel === 'sms' ? contacts.Sms : contacts.Email;
    if (!destino) throw new AppError(400, 'CHANNEL_UNAVAILABLE', 'Este meio de envio não está disponível. Escolha outra opção.');
    await this.limiter.hit(`code:ip:${ip}`, this.config.limits.codeRequestsPerIp);
    const { codeRequestsPerDocumentIp, codeRequestsPerDocument } = this.config.limits;
    // No device ever logged an unknown document in.
    await this.documentLimits('code', decoy.document, ip, null, codeRequestsPerDocumentIp, codeRequestsPerDocument, altcha);
    await this.repo.markDecoyCodeRequested(sessionId);
    return { canal: channel, destino };
  }

  /** Step 3 for an unknown document: the answers a wrong code gets. */
  private async decoyVerify(sessionId: string, ip: string, altcha: string | undefined): Promise<never> {
    const decoy = await this.repo.liveDecoySession(sessionId);
    if (!decoy) throw new AppError(401, 'CODE_INVALID', MSG.codeCheckFailed);
    await this.limiter.hit(`verify:ip:${ip}`, this.config.limits.verifyPerIp);
    const { verifyPerDocument, wrongTriesPerCode } = this.config.limits;
    const { codeSeconds } = this.config.tokens;
    if (!(await this.repo.decoyHasLiveCode(sessionId, wrongTriesPerCode, codeSeconds)))
      throw new AppError(401, 'CODE_EXPIRED', MSG.codeExpired);
    await this.documentLimits('verify', decoy.document, ip, null, verifyPerDocument, verifyPerDocument, altcha);
    if (!(await this.repo.spendDecoyTry(sessionId, wrongTriesPerCode, codeSeconds)))
      throw new AppError(401, 'CODE_EXPIRED', MSG.codeExpired);
    throw new AppError(401, 'CODE_INVALID', MSG.codeCheckFailed);
  }

  private async issue(familyId: string, customerId: number, document: string, previous?: string): Promise<IssuedTokens> {
    const refreshToken = previous ? this.successorOf(previous) : randomToken(32);
    await this.repo.addRefreshToken(familyId, this.hashRefresh(refreshToken));
    const [jwt, pageToken] = await Promise.all([
      this.tokens.issue({ customerId, familyId, document }),
      this.tokens.issuePage({ customerId, familyId }),
    ]);
    return { ...jwt, refreshToken, pageToken };
  }

  /** Rotation: each refresh token works once; presenting a used one revokes the whole login. */
  async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
    if (!refreshToken) throw unauthorized();
    const used = await this.useRefreshToken(refreshToken);
    if (used.state === 'reused') {
      // A repeat within the grace window (parallel tabs, a retried request) gets the same successor.
      const recent = await this.repo.recentlyRotated(used.hash, this.config.tokens.refreshGraceSeconds);
      const customer = recent ? await this.customers.loginContact(recent.customerId) : null;
      if (recent && customer) return this.issue(recent.familyId, recent.customerId, customer.document, refreshToken);
      await this.repo.revokeFamily(used.familyId, 'refresh token reused');
      throw unauthorized();
    }
    if (used.state !== 'ok') throw unauthorized();
    const customer = await this.customers.loginContact(used.customerId);
    if (!customer) throw unauthorized();
    return this.issue(used.familyId, used.customerId, customer.document, refreshToken);
  }

  async logout(refreshToken: string | undefined, access: { familyId: string; customerId: number } | null): Promise<void> {
    let family: string | null = null;
    for (const hash of refreshToken ? this.keys.hashes('refresh-token', refreshToken) : []) family ??= await this.repo.familyOfToken(hash);
    // The access token's login only when it is that customer's own.
    const fromAccess = access && (await this.repo.familyIsLive(access.familyId, access.customerId)) ? access.familyId : null;
    for (const f of new Set([family, fromAccess])) if (f) await this.repo.revokeFamily(f, 'logout');
  }
}
