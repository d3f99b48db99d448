import { createHash } from 'node:crypto';
import { SSO_MSG, SSO_TOKEN_SECONDS, contractIdOf, encodeSsoData, ssoDestination, type SsoData } from '@guarita/domain';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import { AppError } from '../../lib/errors';
import { keyedHash, randomToken, safeEqual } from '../../lib/crypto';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AuthService, IssuedTokens } from '../auth/service';
import type { ContractService } from '../contracts/service';

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
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly contracts: ContractService,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {
    this.keys = ssoKeys(config);
  }

  private hash(token: string) {
    return keyedHash(this.config.authSecret, 'sso', token);
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
    const [customer] = await this.db.query<{ id: number }>('SELECT id FROM customers WHERE document = $1', [req.documento]);
    if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND', 'Cliente não encontrado.');
    const contractId = contractIdOf(req);
    if (contractId !== null) await this.contracts.requireOwned(customer.id, contractId);
    if (ssoDestination(req) === null) throw new AppError(400, 'INVALID_PATH', 'Caminho de destino inválido.');
    const token = randomToken(32);
    const [row] = await this.db.query<{ expires_at: Date }>(
      `INSERT INTO sso_tokens (token_hash, customer_id, issued_to, issuer_ip, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING expires_at`,
      [this.hash(token), customer.id, keyId, ip, SSO_TOKEN_SECONDS],
    );
    const data = encodeSsoData({
      token,
      path: req.path ?? null,
      contractId: contractId,
      upSell: req.upSell ?? null,
      query: req.query ?? null,
    });
    return {
      token,
      expiresAt: new Date(row!.expires_at).toISOString(),
      data,
      link: new URL(`/sso/${data}`, this.config.env.PUBLIC_URL).toString(),
    };
  }

  /**
   * Single use, within 60 s, and — when the link names a contract — only that customer's contract.
   * Any failure answers the same 'Oops! Erro ao autenticar dados.'; the row records why.
   */
  async exchange(token: string, contractId: number | null, ip: string): Promise<{ tokens: IssuedTokens; contractId: number | null }> {
    await this.limiter.hit(`sso:exchange:ip:${ip}`, 60 * this.config.env.RATE_LIMIT_FACTOR);
    const hash = this.hash(token);
    const [spent] = await this.db.query<{ customer_id: number; live: boolean; document: string }>(
      `UPDATE sso_tokens s SET used_at = now(), used_ip = $2,
              outcome = CASE WHEN s.expires_at > now() THEN 'ok' ELSE 'expired' END
         FROM customers c
        WHERE s.token_hash = $1 AND s.used_at IS NULL AND c.id = s.customer_id
        RETURNING s.customer_id, s.expires_at > now() AS live, c.document`,
      [hash, ip],
    );
    if (!spent) {
      const reused = await this.db.query(`UPDATE sso_tokens SET outcome = 'reused' WHERE token_hash = $1 RETURNING 1`, [hash]);
      throw failed(reused.length ? 'SSO_REUSED' : 'SSO_INVALID');
    }
    if (!spent.live) throw failed('SSO_EXPIRED');
    if (contractId !== null) {
      try {
        await this.contracts.requireOwned(spent.customer_id, contractId);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 404) throw err;
        await this.db.query(`UPDATE sso_tokens SET outcome = 'wrong_contract' WHERE token_hash = $1`, [hash]);
        throw failed('SSO_WRONG_CONTRACT');
      }
    }
    return { tokens: await this.auth.signInVouched(spent.customer_id, spent.document), contractId };
  }
}
