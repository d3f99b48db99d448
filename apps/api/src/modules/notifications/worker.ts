import {
  MAX_DELIVERY_ATTEMPTS,
  PIX_EXPIRING_WARNING_MINUTES,
  TRACKER_SILENT_HOURS,
  notificationEmail,
  notificationPath,
  retryDelaySeconds,
} from '@guarita/domain';
import type { Database } from '../../db/db';
import type { Notifier } from '../../ports/notifier';
import type { ContractService } from '../contracts';
import type { CustomersService } from '../customers';
import type { PixService } from '../payments';
import type { TripsService } from '../trips';
import type { NotificationOutbox } from './outbox';
import type { NotificationsRepository } from './repository';
import type { NotificationsSettings } from './settings';

export interface TickResult {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

/**
 * The delivery worker (ADR 056), in the API process: each tick runs the periodic scans (Pix about to expire,
 * trackers silent for 24 h) and delivers the due e-mail jobs. Claiming is one statement with SKIP LOCKED, so N
 * API instances can each run one; the send happens outside any transaction (an SMTP server that hangs holds no
 * row lock and, on PGlite, does not block the one connection). Tests call `tick()` directly.
 */
export class NotificationWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Database,
    private readonly repo: NotificationsRepository,
    private readonly outbox: NotificationOutbox,
    private readonly notifier: Notifier,
    private readonly customers: CustomersService,
    private readonly contracts: ContractService,
    private readonly pix: PixService,
    private readonly trips: TripsService,
    private readonly settings: NotificationsSettings,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  start(): void {
    if (this.timer || this.settings.pollMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return; // a slow tick is never overlapped by the next
      this.running = this.tick()
        .catch(this.onError)
        .finally(() => (this.running = null));
    }, this.settings.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  async tick(): Promise<TickResult> {
    await this.scan();
    return this.deliver();
  }

  /** Periodic events: each one's key makes a second scan add nothing. */
  async scan(): Promise<void> {
    for (const pix of await this.pix.expiringSoon(PIX_EXPIRING_WARNING_MINUTES)) {
      const key = `pix:${pix.txid}:expirando`;
      if (await this.repo.exists(this.db, key)) continue;
      await this.db.transaction().execute((tx) =>
        this.outbox.emit(tx, pix.customerId, key, {
          type: 'pix_expirando',
          amountCents: pix.amount,
          nCtrId: pix.nCtrId,
          expiresAt: pix.expiresAt.toISOString(),
        }),
      );
    }
    for (const t of await this.trips.silentTrackers(TRACKER_SILENT_HOURS)) {
      const key = `rastreador:${t.nCtrId}:${t.lastTs.toISOString()}:silencioso`;
      if (await this.repo.exists(this.db, key)) continue;
      const owner = await this.contracts.ownerOf(this.db, t.nCtrId);
      if (owner === null) continue;
      await this.db.transaction().execute((tx) =>
        this.outbox.emit(tx, owner, key, {
          type: 'rastreador_silencioso',
          nCtrId: t.nCtrId,
          plate: null,
          lastSeenAt: t.lastTs.toISOString(),
        }),
      );
    }
  }

  /** Sends the due jobs once each: a failure is retried with exponential backoff, then given up (status failed). */
  async deliver(): Promise<TickResult> {
    const result: TickResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    const jobs = await this.repo.claim(this.db, this.settings.batch, this.settings.leaseSeconds);
    for (const job of jobs) {
      const n = await this.repo.content(this.db, job.notificationId);
      const contact = n ? await this.customers.loginContact(n.customer_id) : null;
      if (!n || !contact?.email) {
        await this.repo.finish(this.db, job.id, 'skipped', 'sem e-mail');
        result.skipped++;
        continue;
      }
      const holder = await this.customers.holder(n.customer_id);
      const link = this.settings.publicUrl + notificationPath({ destino: n.target, nCtrId: n.n_ctr_id, caseNumber: n.case_number });
      const mail = notificationEmail({ title: n.title, body: n.body }, { name: holder?.name ?? '' }, link);
      try {
        await this.notifier.send({
          channel: 'email',
          to: contact.email,
          subject: mail.subject,
          body: mail.text,
          html: mail.html,
          id: job.key,
        });
      } catch (err) {
        const giveUp = job.attempts >= MAX_DELIVERY_ATTEMPTS;
        await this.repo.retryLater(
          this.db,
          job.id,
          err instanceof Error ? err.message.slice(0, 500) : String(err),
          giveUp ? null : retryDelaySeconds(job.attempts, this.settings.retryBaseSeconds),
        );
        if (giveUp) result.failed++;
        else result.retried++;
        continue;
      }
      await this.repo.finish(this.db, job.id, 'sent');
      result.sent++;
    }
    return result;
  }
}
