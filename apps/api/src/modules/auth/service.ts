import { MSG, maskEmail, maskPhone, type Channel } from '@guarita/domain';
import type { AppConfig } from '../../config';
import { AppError, unauthorized } from '../../lib/errors';
import { generateCode, keyedHash, randomToken, safeEqual } from '../../lib/crypto';
import type { RateLimiter } from '../../lib/rate-limit';
import type { Notifier } from '../../ports/notifier';
import type { CustomersService } from '../customers/service';
import type { AuthRepository } from './repository';
import type { TokenService } from './tokens';

const SESSION_SECONDS = 30 * 60;

export interface IssuedTokens {
  IdToken: string;
  AccessToken: string;
  expiresIn: number;
  refreshToken: string;
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
  ) {}

  private hashCode(sessionId: string, code: string) {
    return keyedHash(this.config.authSecret, 'code', sessionId, code);
  }
  private hashRefresh(token: string) {
    return keyedHash(this.config.authSecret, 'refresh', token);
  }

  /** Step 1: the document is known → a login session with the masked destinations. */
  async start(document: string, ip: string) {
    await this.limiter.hit(`lookup:ip:${ip}`, this.config.limits.lookupsPerIp);
    const customer = await this.customers.loginContactByDocument(document);
    if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND', MSG.lookupFailed);
    const Sessao = randomToken(24);
    await this.repo.createSession(Sessao, customer.id, SESSION_SECONDS);
    return {
      Sessao,
      Sms: customer.sms_phone ? maskPhone(customer.sms_phone) : null,
      Email: customer.email ? maskEmail(customer.email) : null,
      canalPadrao: (customer.sms_phone ? 'sms' : 'email') as Channel,
    };
  }

  /** Step 2: send a fresh code through the chosen channel. */
  /** The customer behind a live login session, with the contacts the login needs. */
  private async sessionCustomer(sessionId: string) {
    const customerId = await this.repo.liveSession(sessionId);
    return customerId === null ? null : this.customers.loginContact(customerId);
  }

  async sendCode(sessionId: string, channel: Channel, ip: string) {
    const session = await this.sessionCustomer(sessionId);
    if (!session) throw new AppError(400, 'LOGIN_SESSION_EXPIRED', 'Sua sessão de login expirou. Informe o CPF ou CNPJ novamente.');
    const to = channel === 'sms' ? session.sms_phone : session.email;
    if (!to) throw new AppError(400, 'CHANNEL_UNAVAILABLE', 'Este meio de envio não está disponível. Escolha outra opção.');
    await this.limiter.hit(`code:ip:${ip}`, this.config.limits.codeRequestsPerIp);
    await this.limiter.hit(`code:doc:${session.document}`, this.config.limits.codeRequestsPerDocument);
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
  async verify(sessionId: string, code: string, ip: string): Promise<IssuedTokens> {
    const session = await this.sessionCustomer(sessionId);
    if (!session) throw new AppError(401, 'CODE_INVALID', MSG.codeCheckFailed);
    await this.limiter.hit(`verify:ip:${ip}`, this.config.limits.verifyPerIp);
    await this.limiter.hit(`verify:doc:${session.document}`, this.config.limits.verifyPerDocument);
    const live = await this.repo.spendTry(sessionId, this.config.limits.wrongTriesPerCode);
    if (!live) throw new AppError(401, 'CODE_EXPIRED', MSG.codeExpired);
    if (!safeEqual(live.code_hash, this.hashCode(sessionId, code))) throw new AppError(401, 'CODE_INVALID', MSG.codeCheckFailed);
    if (!(await this.repo.consumeCode(live.id))) throw new AppError(401, 'CODE_EXPIRED', MSG.codeExpired);
    const familyId = randomToken(16);
    await this.repo.createFamily(familyId, session.id, this.config.tokens.refreshAbsoluteSeconds);
    return this.issue(familyId, session.id, session.document);
  }

  private async issue(familyId: string, customerId: number, document: string): Promise<IssuedTokens> {
    const refreshToken = randomToken(32);
    await this.repo.addRefreshToken(familyId, this.hashRefresh(refreshToken));
    const jwt = await this.tokens.issue({ customerId, familyId, document });
    return { ...jwt, refreshToken };
  }

  /** Rotation: each refresh token works once; presenting a used one revokes the whole login. */
  async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
    if (!refreshToken) throw unauthorized();
    const used = await this.repo.useRefreshToken(this.hashRefresh(refreshToken));
    if (used.state === 'reused') {
      await this.repo.revokeFamily(used.familyId, 'refresh token reused');
      throw unauthorized();
    }
    if (used.state !== 'ok') throw unauthorized();
    const customer = await this.customers.loginContact(used.customerId);
    if (!customer) throw unauthorized();
    return this.issue(used.familyId, used.customerId, customer.document);
  }

  async logout(refreshToken: string | undefined, familyFromAccess: string | undefined): Promise<void> {
    const family = refreshToken ? await this.repo.familyOfToken(this.hashRefresh(refreshToken)) : null;
    for (const f of new Set([family, familyFromAccess])) if (f) await this.repo.revokeFamily(f, 'logout');
  }
}
