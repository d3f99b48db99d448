import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CONTACT_MSG } from '@guarita/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/db';
import type { Clock } from '../../ports/clock';
import { AppError } from '../../lib/errors';

/**
 * Proof-of-work cost. ALTCHA v2 "deterministic" challenges: the server picks a secret counter in
 * [counterMin, counterMax], the browser tries counters from 0 upward (split across Web Workers) until it
 * finds the one whose PBKDF2 key matches the signed prefix. Expected work ≈ (counterMin+counterMax)/2 ×
 * `cost` PBKDF2 rounds — about 0.25 s on a desktop and ~1 s on a mid-range phone with these values.
 */
export interface CaptchaOptions {
  algorithm: 'PBKDF2/SHA-256';
  cost: number;
  counterMin: number;
  counterMax: number;
  /** How long a challenge may be solved and submitted. */
  ttlSeconds: number;
}

export const DEFAULT_CAPTCHA: CaptchaOptions = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 1_000,
  counterMin: 200,
  counterMax: 1_200,
  ttlSeconds: 20 * 60,
};

/** What GET /api/contact/challenge answers: the ALTCHA v2 challenge, as the widget expects it. */
export const ChallengeDto = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number().int(),
      keyLength: z.number().int(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().int().optional(),
    }),
    signature: z.string(),
  })
  .meta({ id: 'CaptchaChallenge' });
export type ChallengeDto = z.infer<typeof ChallengeDto>;

/** The widget posts base64(JSON {challenge, solution}); unknown keys are kept so the signature still matches. */
const PayloadSchema = z.object({
  challenge: z.looseObject({
    parameters: z.looseObject({ nonce: z.string().regex(/^[0-9a-f]{8,128}$/), expiresAt: z.number().int().optional() }),
    signature: z.string().optional(),
  }),
  solution: z.looseObject({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

const captchaError = (code: string, mensagem: string, status = 400) => new AppError(status, code, mensagem);

/** Self-hosted ALTCHA: issues signed challenges, verifies solutions and accepts each challenge only once. */
export class CaptchaService {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(
    private readonly db: Database,
    secret: string,
    private readonly clock: Clock,
    private readonly options: CaptchaOptions = DEFAULT_CAPTCHA,
  ) {
    // Separate keys per purpose, derived from the configured ALTCHA key.
    this.signatureSecret = createHmac('sha256', secret).update('altcha-challenge-signature').digest('hex');
    this.keySignatureSecret = createHmac('sha256', secret).update('altcha-key-signature').digest('hex');
  }

  async challenge(): Promise<ChallengeDto> {
    const { algorithm, cost, counterMin, counterMax, ttlSeconds } = this.options;
    const challenge = await createChallenge({
      algorithm,
      cost,
      counter: randomInt(counterMax, counterMin),
      deriveKey,
      expiresAt: Math.floor(this.clock.now().getTime() / 1000) + ttlSeconds,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
    return challenge as ChallengeDto;
  }

  /** Throws a 400/409 AppError unless `payload` is a valid, unexpired, never-used solution. */
  async verifyOnce(payload: string): Promise<void> {
    const decoded = decodePayload(payload);
    if (!decoded) throw captchaError('CAPTCHA_INVALID', CONTACT_MSG.captchaInvalid);
    const { challenge, solution } = decoded;
    if (challenge.parameters.algorithm !== this.options.algorithm) throw captchaError('CAPTCHA_INVALID', CONTACT_MSG.captchaInvalid);
    let result;
    try {
      result = await verifySolution({
        challenge: challenge as unknown as Challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
    } catch {
      throw captchaError('CAPTCHA_INVALID', CONTACT_MSG.captchaInvalid);
    }
    if (result.expired) throw captchaError('CAPTCHA_EXPIRED', CONTACT_MSG.captchaExpired);
    if (!result.verified) throw captchaError('CAPTCHA_INVALID', CONTACT_MSG.captchaInvalid);

    // Signed and solved: now spend it. The primary key makes this atomic across N API instances.
    const expiresAt = challenge.parameters.expiresAt ?? Math.floor(this.clock.now().getTime() / 1000) + this.options.ttlSeconds;
    await this.db.deleteFrom('contact_captcha_spent').where('expires_at', '<', this.clock.now()).execute();
    const rows = await this.db
      .insertInto('contact_captcha_spent')
      // to_timestamp: the challenge carries seconds since the epoch.
      .values({ nonce: challenge.parameters.nonce, expires_at: sql<Date>`to_timestamp(${expiresAt})` })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .execute();
    if (rows.length === 0) throw captchaError('CAPTCHA_REUSED', CONTACT_MSG.captchaReused, 409);
  }
}

function decodePayload(payload: string) {
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const parsed = PayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
