import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, type CardBrand } from '@guarita/domain';
import {
  GatewayUnavailableError,
  type CardAction,
  type CardGateway,
  type ChargeRequest,
  type EncryptedCard,
} from '../src/ports/card-gateway';

/**
 * The CardGateway contract (issue 27): what every card provider adapter must do, the same way, so the payments
 * module can use any of them. One suite; each adapter gives a harness (a factory) that knows its provider's test
 * cards, how the browser completes its 3DS challenge, and where its webhooks go. Run by
 * card-gateway-contract-adyen.test.ts (Adyen on the local fake) and card-gateway-contract-sandbox.test.ts.
 */

export type ContractCard = 'visa' | 'mastercard' | 'decline' | 'insufficient' | 'challenge';

export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string>;
}

export interface CardGatewayHarness {
  gateway: CardGateway;
  /** clientConfig().provider and CardAction.provider of this adapter. */
  provider: 'sandbox' | 'adyen';
  /** A card as this provider's browser code would send it. visa: ends 1111; mastercard: ends 4444. */
  card(kind: ContractCard): Promise<EncryptedCard>;
  /** A card whose next charge cannot reach the provider (the harness breaks what it must); its outcome is unknown. */
  unavailable(): Promise<EncryptedCard>;
  /**
   * A card whose next charge the provider makes — approving (a visa) or refusing it — and notifies, while its answer
   * never reaches us (a timeout, as the caller sees it).
   */
  lostAnswer(outcome: 'approved' | 'declined'): Promise<EncryptedCard>;
  /** What the provider's browser code yields once the shopper passed (or failed) the challenge of `action`. */
  completeChallenge(action: CardAction, passed: boolean): Promise<Record<string, unknown>>;
  /** The webhook deliveries the provider made so far (waits for those in flight). */
  deliveries(): Promise<WebhookDelivery[]>;
  close(): Promise<void>;
}

export function cardGatewayContract(name: string, makeHarness: () => Promise<CardGatewayHarness>): void {
  describe(`CardGateway contract: ${name}`, () => {
    let h: CardGatewayHarness;
    beforeAll(async () => {
      h = await makeHarness();
    }, 60_000);
    afterAll(() => h?.close());

    const reference = () => `contract:${Math.floor(Math.random() * 1e9)}`;
    const returnUrl = 'https://guarita.example/pagamentos';
    const charge = (ref: string, amount: number, card?: EncryptedCard): ChargeRequest => ({
      idempotencyKey: randomUUID(),
      reference: ref,
      amount: cents(amount),
      currency: 'BRL',
      installments: 1,
      description: 'Mensalidade Guarita',
      returnUrl,
      ...(card ? { card } : {}),
    });
    const tokenize = async (ref: string, kind: ContractCard = 'visa') =>
      h.gateway.tokenize({ idempotencyKey: randomUUID(), reference: ref, card: await h.card(kind), returnUrl });
    /** Events of this provider's deliveries, each verified by parseWebhook. */
    const events = async () => {
      const out = [];
      for (const d of await h.deliveries()) {
        const parsed = h.gateway.parseWebhook(d.rawBody, d.headers);
        expect(parsed, 'every delivery of the provider is authentic').not.toBeNull();
        out.push(...parsed!);
      }
      return out;
    };

    it('serves the browser its provider config, with no secret in it', () => {
      const c = h.gateway.clientConfig();
      expect(c.provider).toBe(h.provider);
      expect(JSON.stringify(c)).not.toMatch(/"(d|p|q|dp|dq|qi)":/); // no private JWK member
    });

    it('tokenize vaults the card under the reference: brand and last 4 come back; the card on file is then charged', async () => {
      const ref = reference();
      expect(await tokenize(ref)).toMatchObject({ status: 'approved', brand: 'visa' satisfies CardBrand, last4: '1111' });
      const r = await h.gateway.charge(charge(ref, 12990));
      expect(r).toMatchObject({ status: 'approved' });
      expect(r.gatewayId).toEqual(expect.any(String));
    });

    it('a charge on file for a reference with no card is declined (no_stored_card)', async () => {
      expect(await h.gateway.charge(charge(reference(), 5000))).toMatchObject({ status: 'declined', code: 'no_stored_card' });
    });

    it('a new card charged becomes the card on file', async () => {
      const ref = reference();
      await tokenize(ref, 'visa');
      expect(await h.gateway.charge(charge(ref, 4000, await h.card('mastercard')))).toMatchObject({
        status: 'approved',
        brand: 'mc',
        last4: '4444',
      });
      const next = await h.gateway.charge(charge(ref, 4000));
      expect(next.status).toBe('approved');
      if (next.status === 'approved' && next.last4 !== null) expect(next.last4).toBe('4444');
    });

    it("declines carry the contract's codes and pt-BR texts", async () => {
      expect(await h.gateway.charge(charge(reference(), 3000, await h.card('decline')))).toMatchObject({
        status: 'declined',
        code: 'card_declined',
        message: 'Cartão recusado pelo emissor.',
      });
      expect(await h.gateway.charge(charge(reference(), 3000, await h.card('insufficient')))).toMatchObject({
        status: 'declined',
        code: 'insufficient_funds',
        message: 'Saldo insuficiente.',
      });
      expect(await tokenize(reference(), 'decline')).toMatchObject({ status: 'declined', code: 'card_declined' });
    });

    it('the same idempotency key replays the first outcome instead of charging again', async () => {
      const req = charge(reference(), 2500, await h.card('visa'));
      const first = await h.gateway.charge(req);
      expect(first.status).toBe('approved');
      expect(await h.gateway.charge(req)).toEqual(first);
    });

    it("3-D Secure: action_required for the provider's browser code; the challenge passed, completeAction approves", async () => {
      const ref = reference();
      const first = await h.gateway.charge(charge(ref, 19900, await h.card('challenge')));
      expect(first).toMatchObject({ status: 'action_required', action: { provider: h.provider } });
      if (first.status !== 'action_required') return;
      const details = await h.completeChallenge(first.action, true);
      const done = await h.gateway.completeAction({ gatewayId: first.gatewayId, idempotencyKey: randomUUID(), details });
      expect(done).toMatchObject({ status: 'approved', gatewayId: first.gatewayId });
      // The card that passed its challenge is the card on file now.
      expect(await h.gateway.charge(charge(ref, 100))).toMatchObject({ status: 'approved' });
    });

    it('3-D Secure: a failed challenge is declined (3ds_failed)', async () => {
      const first = await h.gateway.charge(charge(reference(), 19900, await h.card('challenge')));
      if (first.status !== 'action_required') throw new Error(`expected action_required, got ${first.status}`);
      const details = await h.completeChallenge(first.action, false);
      expect(await h.gateway.completeAction({ gatewayId: first.gatewayId, idempotencyKey: randomUUID(), details })).toMatchObject({
        status: 'declined',
        code: '3ds_failed',
      });
    });

    it('3-D Secure on tokenize (change of card): the card is vaulted once the challenge passes', async () => {
      const ref = reference();
      const first = await tokenize(ref, 'challenge');
      if (first.status !== 'action_required') throw new Error(`expected action_required, got ${first.status}`);
      const details = await h.completeChallenge(first.action, true);
      expect(await h.gateway.completeAction({ gatewayId: first.gatewayId, idempotencyKey: randomUUID(), details })).toMatchObject({
        status: 'approved',
      });
      expect(await h.gateway.charge(charge(ref, 100))).toMatchObject({ status: 'approved' });
    });

    it('a provider that cannot be reached is GatewayUnavailableError (outcome unknown)', async () => {
      const card = await h.unavailable();
      await expect(h.gateway.charge(charge(reference(), 1000, card))).rejects.toBeInstanceOf(GatewayUnavailableError);
    });

    it('a charge whose answer is lost: GatewayUnavailableError; the AUTHORISATION still comes (merchantReference = the key, the card); a retry with the key answers the outcome', async () => {
      for (const outcome of ['approved', 'declined'] as const) {
        const req = charge(reference(), 4321, await h.lostAnswer(outcome));
        await expect(h.gateway.charge(req)).rejects.toBeInstanceOf(GatewayUnavailableError);
        const auth = (await events()).filter((e) => e.kind === 'AUTHORISATION' && e.merchantReference === req.idempotencyKey);
        expect(auth).toEqual([expect.objectContaining({ success: outcome === 'approved', amount: 4321 })]);
        // What settles the charge in our ledger then: the notification says which card it was.
        if (outcome === 'approved') expect(auth[0]).toMatchObject({ brand: 'visa', last4: expect.stringMatching(/^\d{4}$/) });
        expect(await h.gateway.charge(req)).toMatchObject({ status: outcome, gatewayId: auth[0]!.gatewayId });
      }
    });

    it('a payment link is a page of the provider for the amount', async () => {
      const link = await h.gateway.createPaymentLink({
        linkId: randomUUID(),
        reference: reference(),
        amount: cents(4200),
        description: 'Antecipação de fatura',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      expect(() => new URL(link.url)).not.toThrow();
      expect(link.gatewayId).toEqual(expect.any(String));
    });

    it('every charge is confirmed by an authentic AUTHORISATION webhook (merchantReference = the idempotency key)', async () => {
      const req = charge(reference(), 3100, await h.card('visa'));
      const r = await h.gateway.charge(req);
      const auth = (await events()).filter((e) => e.kind === 'AUTHORISATION' && e.gatewayId === r.gatewayId);
      expect(auth).toEqual([expect.objectContaining({ merchantReference: req.idempotencyKey, success: true, amount: 3100 })]);
    });

    it('refund of an approved charge: received or refunded; a REFUND webhook about that charge follows', async () => {
      const paid = await h.gateway.charge(charge(reference(), 5000, await h.card('visa')));
      const r = await h.gateway.refund({ gatewayId: paid.gatewayId, amount: cents(5000), idempotencyKey: randomUUID() });
      expect(['received', 'refunded']).toContain(r.status);
      expect(r.refundId).not.toBe('');
      const refunds = (await events()).filter((e) => e.kind === 'REFUND' && e.gatewayId === paid.gatewayId);
      expect(refunds).toEqual([expect.objectContaining({ success: true, amount: 5000 })]);
    });

    it('a delivery changed on the way (or unsigned) is not authentic: null', async () => {
      await h.gateway.charge(charge(reference(), 777, await h.card('visa')));
      const [d] = (await h.deliveries()).slice(-1);
      expect(d).toBeDefined();
      const tampered = Buffer.from(d!.rawBody.toString('utf8').replace('777', '778'));
      expect(h.gateway.parseWebhook(tampered, d!.headers)).toBeNull();
      expect(h.gateway.parseWebhook(Buffer.from('{"notificationItems":[]}x'), {})).toBeNull();
    });
  });
}
