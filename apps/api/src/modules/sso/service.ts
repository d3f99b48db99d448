import type { ContractId } from '@guarita/domain';
import { createHash } from 'node:crypto';
import { SSO_MSG, SSO_TOKEN_SECONDS, contractIdOf, encodeSsoData, ssoDestination, type SsoData } from '@guarita/domain';
import type { AppConfig } from '../../config';
import { sql } from 'kysely';
import type { Database } from '../../db/db';
import type { Clock } from '../../ports/clock';
import { AppError } from '../../lib/errors';
import { randomToken, safeEqual } from '../../lib/crypto';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AuthService, IssuedTokens } from '../auth';
import type { ContractService } from '../contracts';
import type { CustomersService } from '../customers';

/** The demo issuer key (demo mode only), documented in the README. */
export const DEMO_SSO_KEY = 'demo-sso-key-guarita-0123456789';

export interface SsoKey {
  id: string;
  sha256: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** SSO_API_KEYS = 'id:sha256hex,…' — only hashes live in configuration. Demo mode adds the demo key. */
export function ssoKeys(config: AppConfig): SsoKey[] {
  const keys = (config.env.SSO_API_KEYS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [id, hash] = entry.split(':');
      if (!id || !hash || !/^[0-9a-f]{64}$/i.test(hash)) throw new Error('SSO_API_KEYS must be id:sha256hex[,id:sha256hex…]');
      return { id, sha256: hash.toLowerCase() };
    });
  if (config.demoMode) keys.push({ id: 'demo', sha256: sha256(DEMO_SSO_KEY) });
  return keys;
}

const failed = (code: string) => new AppError(401, code, SSO_MSG.failed);

export interface IssueRequest extends Omit<SsoData, 'token'> {
  documento: string;
}

/** Single sign-on (spec 002 §2.8): a trusted system asks for a one-time token; the browser trades it for a session. */
export class SsoService {
  private readonly keys: SsoKey[];

  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly customers: CustomersService,
    private readonly contracts: ContractService,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.keys = ssoKeys(config);
  }

  private hash(token: string) {
    // The current key only: a token lives 60 s, so a rotation's restart at most spends one in flight (ADR 062).
    return this.config.keys.hash('sso-token', token);
  }

  /** Which configured key this is, compared by hash in constant time; throttles guessing per IP. */
  async authenticateIssuer(presented: string | undefined, ip: string): Promise<string> {
    const digest = presented ? sha256(presented) : '';
    const key = this.keys.find((k) => safeEqual(k.sha256, digest));
    if (!key) {
      await this.limiter.hit(`sso:badkey:ip:${ip}`, 20 * this.config.env.RATE_LIMIT_FACTOR);
      throw new AppError(401, 'INVALID_API_KEY', 'Chave de API inválida.');
    }
    return key.id;
  }

  async issue(keyId: string, req: IssueRequest, ip: string) {
    await this.limiter.hit(`sso:issue:${keyId}`, 600 * this.config.env.RATE_LIMIT_FACTOR);
    const customer = await this.customers.loginContactByDocument(req.documento);
    if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND', 'Cliente não encontrado.');
    const contractId = contractIdOf(req) as ContractId | null;
    if (contractId !== null) await this.contracts.requireOwned(customer.id, contractId);
    if (ssoDestination(req) === null) throw new AppError(400, 'INVALID_PATH', 'Caminho de destino inválido.');
    const token = randomToken(32);
    const expiresAt = new Date(this.clock.now().getTime() + SSO_TOKEN_SECONDS * 1000);
    await this.db
      .insertInto('sso_tokens')
      .values({
        token_hash: this.hash(token),
        customer_id: customer.id,
        issued_to: keyId,
        issuer_ip: ip,
        created_at: this.clock.now(),
        expires_at: expiresAt,
      })
      .execute();
    const data = encodeSsoData({
      token,
      path: req.path ?? null,
      contractId: contractId,
      upSell: req.upSell ?? null,
      query: req.query ?? null,
    });
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      data,
      link: new URL(`/sso/${data}`, this.config.env.PUBLIC_URL).toString(),
    };
  }

  /**
   * Single use, within 60 s, and — when the link names a contract — only that customer's contract.
   * Any failure answers the same 'Oops! Erro ao autenticar dados.'; the row records why.
   */
  async exchange(
    token: string,
    contractId: ContractId | null,
    ip: string,
  ): Promise<{ tokens: IssuedTokens; contractId: ContractId | null }> {
    await this.limiter.hit(`sso:exchange:ip:${ip}`, 60 * this.config.env.RATE_LIMIT_FACTOR);
    const hash = this.hash(token);
    const now = this.clock.now();
    // Spent in one statement: of two parallel exchanges of the same token, only one finds used_at empty.
    const spent = await this.db
      .updateTable('sso_tokens as s')
      .set({
        used_at: now,
        used_ip: ip,
        outcome: sql<string>`CASE WHEN s.expires_at > ${now} THEN 'ok' ELSE 'expired' END`,
      })
      .where('s.token_hash', '=', hash)
      .where('s.used_at', 'is', null)
      .returning(['s.customer_id', sql<boolean>`s.expires_at > ${now}`.as('live')])
      .executeTakeFirst();
    if (!spent) {
      const reused = await this.db
        .updateTable('sso_tokens')
        .set({ outcome: 'reused' })
        .where('token_hash', '=', hash)
        .returning('token_hash')
        .execute();
      throw failed(reused.length ? 'SSO_REUSED' : 'SSO_INVALID');
    }
    if (!spent.live) throw failed('SSO_EXPIRED');
    if (contractId !== null) {
      try {
        await this.contracts.requireOwned(spent.customer_id, contractId);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 404) throw err;
        await this.db.updateTable('sso_tokens').set({ outcome: 'wrong_contract' }).where('token_hash', '=', hash).execute();
        throw failed('SSO_WRONG_CONTRACT');
      }
    }
    // The customers module owns the customers table: the document comes through its service.
    const customer = await this.customers.loginContact(spent.customer_id);
    if (!customer) throw failed('SSO_INVALID');
    return { tokens: await this.auth.signInVouched(customer.id, customer.document), contractId };
  }
}
