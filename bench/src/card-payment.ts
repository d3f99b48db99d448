import { randomBytes, randomUUID } from 'node:crypto';
import { cents } from '@guarita/domain';
import { AdyenCardGateway } from '../../apps/api/src/ports/adyen';
import type { CardGateway, ChargeRequest, EncryptedCard } from '../../apps/api/src/ports/card-gateway';
import { ADYEN_TEST_CARDS, FakeAdyen, adyenChallengeDetails, adyenTestCard } from '../../apps/api/test/adyen/fake-adyen';
import { sandboxHarness } from './card-sandbox-harness';
import type { Report } from './report';
import { latency, timed, type Latency } from './latency';

/**
 * Issue 27: card-payment latency per CardGateway adapter against its fake (ADR 075). Each call is the gateway call
 * as the payments module makes it, one at a time (the latency a customer's "Confirmar pagamento" adds on top of our
 * own transaction): a new card charged (stored as the card on file), the card on file charged (Adyen: the stored
 * card looked up, then a ContAuth payment), a card validated (zero-amount tokenize) and a 3-D Secure payment
 * (charge + completeAction, the browser's challenge excluded). Adyen runs over HTTP against the local fake of its
 * Checkout API (test/adyen), so the figure is our adapter, JSON and a loopback round trip, not Adyen's own latency.
 */
export type CardLatency = Latency;

export interface CardHarness {
  name: string;
  gateway: CardGateway;
  card(kind: 'visa' | 'challenge'): Promise<EncryptedCard>;
  challengeDetails(action: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

const charge = (reference: string, card?: EncryptedCard): ChargeRequest => ({
  idempotencyKey: randomUUID(),
  reference,
  amount: cents(19_497),
  currency: 'BRL',
  installments: 1,
  description: 'Mensalidade Guarita',
  returnUrl: 'https://guarita.example/pagamentos',
  ...(card ? { card } : {}),
});

/** One adapter's four rows. */
export async function measureCardGateway(h: CardHarness, calls = 200): Promise<CardLatency[]> {
  const g = h.gateway;
  const refs = Array.from({ length: calls }, () => `contract:${randomBytes(6).toString('hex')}`);
  const visa = await h.card('visa');
  const must = (r: { status: string }, want: string) => {
    if (r.status !== want) throw new Error(`${h.name}: expected ${want}, got ${r.status}`);
  };
  await timed(20, async () => must(await g.charge(charge(`contract:warm-${randomUUID()}`, visa)), 'approved')); // warm-up
  const rows: CardLatency[] = [];
  rows.push(
    latency(`${h.name}: charge a new card`, await timed(calls, async (i) => must(await g.charge(charge(refs[i]!, visa)), 'approved'))),
  );
  rows.push(
    latency(`${h.name}: charge the card on file`, await timed(calls, async (i) => must(await g.charge(charge(refs[i]!)), 'approved'))),
  );
  rows.push(
    latency(
      `${h.name}: tokenize (zero-amount)`,
      await timed(calls, async (i) =>
        must(
          await g.tokenize({ idempotencyKey: randomUUID(), reference: refs[i]!, card: visa, returnUrl: 'https://guarita.example/' }),
          'approved',
        ),
      ),
    ),
  );
  const challenge = await h.card('challenge');
  const samples = await timed(Math.min(calls, 100), async (i) => {
    const first = await g.charge(charge(refs[i]!, challenge));
    if (first.status !== 'action_required') throw new Error(`${h.name}: no 3DS action`);
    // The shopper's challenge answer, as the provider's browser code yields it (in process; the sandbox records it).
    const details = await h.challengeDetails(first.action.data);
    must(await g.completeAction({ gatewayId: first.gatewayId, idempotencyKey: randomUUID(), details }), 'approved');
  });
  rows.push(latency(`${h.name}: 3DS charge + /details`, samples));
  return rows;
}

export async function adyenHarness(): Promise<CardHarness> {
  const secret = () => randomBytes(32).toString('hex');
  const opts = { apiKey: secret(), merchantAccount: 'GuaritaBench', hmacKey: secret() };
  const fake = new FakeAdyen(opts);
  await fake.start();
  const gateway = new AdyenCardGateway({
    ...opts,
    clientKey: `test_${secret()}`,
    environment: 'test',
    checkoutUrl: fake.url,
    timeoutMs: 10_000,
    retries: 1,
  });
  return {
    name: 'adyen (local fake)',
    gateway,
    card: async (kind) => adyenTestCard(kind === 'visa' ? ADYEN_TEST_CARDS.visa : ADYEN_TEST_CARDS.challengeVisa),
    challengeDetails: async (action) => adyenChallengeDetails(action, true),
    close: () => fake.stop(),
  };
}

/** The bench's section: one line per adapter and call. */
export async function cardFigures(
  report: Report,
  harnesses: Array<() => Promise<CardHarness>> = [adyenHarness, sandboxHarness],
): Promise<void> {
  report.line('');
  report.line('Card payment per adapter (CardGateway calls one at a time, in the bench process, each adapter against its fake)');
  for (const make of harnesses) {
    let h: CardHarness | null = null;
    try {
      h = await make();
      for (const r of await measureCardGateway(h))
        report.info(r.label, `p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms (${r.calls} calls)`);
    } catch (err) {
      report.error(`card payment${h ? `: ${h.name}` : ''}`, err);
    } finally {
      await h?.close();
    }
  }
}
