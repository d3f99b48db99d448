import { sql } from 'kysely';
import { REFUND_CHASE_AFTER_SECONDS, followUpDelaySeconds } from '@guarita/domain';
import type { Database } from '../../db/db';
import type { Clock } from '../../ports/clock';
import type { PixRefundResult } from '../../ports/pix-psp';

/** A PSP that answers what became of a devolução (`GET /pix/{e2eid}/devolucao/{id}`). */
export interface DevolucaoLookup {
  readonly name: string;
  getRefund?(endToEndId: string, refundId: string): Promise<PixRefundResult | null>;
}

/** Which refunds a PSP answers for: the desk's payment methods it took (payment_refunds.payment_method). */
export interface DevolucaoSource {
  methods: readonly string[];
  psp: DevolucaoLookup | null;
}

/** Records the PSP's answer and moves the refund on, exactly as its notification would (PixWebhookService.settleRefund). */
export type SettleDevolucao = (provider: string, endToEndId: string, refundId: string, state: PixRefundResult) => Promise<boolean>;

export interface ChasePass {
  /** Refunds asked about. */
  asked: number;
  /** Of those, refunds the answer moved on (pending → refunded / failed, requested → any). */
  settled: number;
  /** The PSP knows no devolução with that id (a 'requested' one never reached it: the desk's retry sends it). */
  unknown: number;
  /** The PSP could not be asked, or answered what we cannot read; asked again at the next step of the schedule. */
  unavailable: number;
}

/** How long a claimed refund is left to the pass that took it before another may (a process that died mid-call). */
const LEASE_MS = 5 * 60_000;

interface Claimed {
  id: number;
  refund_id: string;
  provider: string;
  provider_reference: string;
  payment_method: string;
  status: string;
  checks: number;
}

/**
 * Asks the PSP about every Pix devolução it has not confirmed (issue 27 gap 3, ADR 081): a refund still 'pending' (the
 * PSP answered EM_PROCESSAMENTO) or 'requested' (its answer was lost) REFUND_CHASE_AFTER_SECONDS after its last change
 * is read back with `getRefund` and settled through `settle` — the same code the PSP's notification goes through, so
 * whichever comes first wins and the other is a no-op. Then it is asked again 1 min, 5 min, 30 min, 2 h, 6 h, then every
 * 12 h while it stays open. Claiming moves `next_check_at` on in the same statement (FOR UPDATE SKIP LOCKED), so N
 * instances ask about each refund once per period. Card refunds are not chased: Adyen has no refund status API (its
 * REFUND webhook is the answer, retried by Adyen until we accept it), and the card sandbox confirms at once.
 */
export class RefundFollowUp {
  constructor(
    private readonly db: Database,
    private readonly sources: readonly DevolucaoSource[],
    private readonly settle: SettleDevolucao,
    private readonly clock: Clock,
  ) {}

  async chase(limit = 50): Promise<ChasePass> {
    const pass: ChasePass = { asked: 0, settled: 0, unknown: 0, unavailable: 0 };
    const lookups = this.sources.flatMap((s) => (s.psp?.getRefund && s.methods.length ? [{ methods: s.methods, psp: s.psp }] : []));
    if (lookups.length === 0) return pass;
    const now = this.clock.now();
    const asks = sql.join(
      lookups.map((l) => sql`(payment_method IN (${sql.join(l.methods)}) AND provider = ${l.psp.name})`),
      sql` OR `,
    );
    // Raw SQL: UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) is not in the builder.
    const { rows } = await sql<Claimed>`
      UPDATE payment_refunds SET checks = checks + 1, next_check_at = ${new Date(now.getTime() + LEASE_MS)}
       WHERE id IN (
         SELECT id FROM payment_refunds
          WHERE status IN ('requested', 'pending') AND (${asks})
            AND coalesce(next_check_at, updated_at + make_interval(secs => ${REFUND_CHASE_AFTER_SECONDS})) <= ${now}
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, refund_id, provider, provider_reference, payment_method, status, checks`.execute(this.db);

    for (const r of rows) {
      pass.asked++;
      const psp = lookups.find((l) => l.methods.includes(r.payment_method) && l.psp.name === r.provider)!.psp;
      try {
        const state = await psp.getRefund!(r.provider_reference, r.refund_id);
        if (!state) pass.unknown++;
        else if (state.status === 'EM_PROCESSAMENTO' && r.status === 'pending') {
          // Still processing, as we already knew: no news, nothing recorded.
        } else if (await this.settle(psp.name, r.provider_reference, r.refund_id, state)) pass.settled++;
      } catch {
        // Unreachable (PixPspUnavailableError) or an answer we cannot read: asked again at the next step, never a guess.
        pass.unavailable++;
      }
      const next = new Date(this.clock.now().getTime() + followUpDelaySeconds(r.checks) * 1000);
      await this.db.updateTable('payment_refunds').set({ next_check_at: next }).where('id', '=', r.id).execute();
    }
    return pass;
  }
}
