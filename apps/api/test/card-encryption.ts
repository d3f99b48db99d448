import { CompactEncrypt, importJWK, type JWK } from 'jose';
import type { FastifyInstance } from 'fastify';

/**
 * What the browser does before a card leaves it (issue 27): each field encrypted to the sandbox's public key as a
 * compact JWE, read from the public client-config route as the web app reads it. Tests keep writing cards in the card
 * form's words (numeroCartao, mesExpiracao, anoExpiracao, cvv, nomeTitular) and send only this.
 */
export interface CardForm {
  numeroCartao: string;
  mesExpiracao: string;
  anoExpiracao: string;
  cvv: string;
  nomeTitular: string;
}

export interface EncryptedCardBody {
  encryptedCardNumber: string;
  encryptedExpiryMonth: string;
  encryptedExpiryYear: string;
  encryptedSecurityCode: string;
  holderName: string;
}

export async function sandboxPublicKey(app: FastifyInstance): Promise<{ keyId: string; jwk: JWK }> {
  const res = await app.inject({ method: 'GET', url: '/api/payments/card/client-config' });
  const cfg = res.json() as { provider: string; keyId: string; publicKeyJwk: JWK };
  if (cfg.provider !== 'sandbox') throw new Error(`card client config is ${cfg.provider}, not the sandbox`);
  return { keyId: cfg.keyId, jwk: cfg.publicKeyJwk };
}

export async function encryptField(key: { keyId: string; jwk: JWK }, value: string): Promise<string> {
  const pub = await importJWK(key.jwk, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(value))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.keyId })
    .encrypt(pub);
}

/** The card form's fields, encrypted as the browser sends them. */
export async function sealCard(app: FastifyInstance, card: CardForm): Promise<EncryptedCardBody> {
  const key = await sandboxPublicKey(app);
  const year = card.anoExpiracao.length === 2 ? `20${card.anoExpiracao}` : card.anoExpiracao;
  return {
    encryptedCardNumber: await encryptField(key, card.numeroCartao.replace(/\D/g, '')),
    encryptedExpiryMonth: await encryptField(key, card.mesExpiracao.padStart(2, '0')),
    encryptedExpiryYear: await encryptField(key, year),
    encryptedSecurityCode: await encryptField(key, card.cvv),
    holderName: card.nomeTitular,
  };
}

/**
 * Counts what reaches the card gateway of a test app: `chargeCalls` every call of `charge` (replays included),
 * `charges()` the distinct charges the sandbox made (its ledger rows: a replayed idempotency key makes none).
 */
export function spyCharges(app: FastifyInstance & { cardGateway: { charge: (...a: never[]) => Promise<unknown> } }) {
  const gw = app.cardGateway as unknown as { charge: (req: unknown) => Promise<unknown> };
  const original = gw.charge.bind(gw);
  const spy = {
    chargeCalls: 0,
    async charges(): Promise<number> {
      const r = await (app as unknown as { db: import('../src/db/db').Database }).db
        .selectFrom('card_sandbox_payments')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('kind', '=', 'charge')
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
  gw.charge = (req: unknown) => {
    spy.chargeCalls++;
    return original(req);
  };
  return spy;
}
