import {
  MAX_DELIVERY_ATTEMPTS,
  PIX_EXPIRING_WARNING_MINUTES,
  TRACKER_SILENT_HOURS,
  notificationEmail,
  notificationPath,
  retryDelaySeconds,
} from '@guarita/domain';
import type { Database } from '../../db/db';
import type { JobOutcome, PeriodicJobs } from '../../lib/periodic-jobs';
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

/** The scans' name in job_runs and in the 'periodic job ran' log line (ADR 079). */
export const SCAN_JOB = 'notifications.scan';

/** What a scan added: new notifications, per kind. */
export interface ScanResult {
  pixExpiring: number;
  silentTrackers: number;
}

export interface ScheduledTick {
  scan: JobOutcome<ScanResult>;
  delivery: TickResult;
}

/**
 * The delivery worker (ADR 056), in the API process: every NOTIFY_POLL_MS it delivers the due e-mail jobs, and once per
 * NOTIFY_SCAN_SECONDS across all instances it runs the periodic scans (Pix about to expire, trackers silent for 24 h),
 * claimed in job_runs (ADR 079). Claiming a delivery is one statement with SKIP LOCKED, so N API instances can each
 * run one; the send happens outside any transaction (an SMTP server that hangs holds no row lock and, on PGlite, does
 * not block the one connection). Tests call `tick()` (scan and deliver, unconditionally) or `runScheduled()` directly.
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
    /** null: the timer scans at every tick (one instance, or a test's own worker). */
    private readonly periodic: PeriodicJobs | null = null,
  ) {}

  start(): void {
    if (this.timer || this.settings.pollMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return; // a slow tick is never overlapped by the next
      this.running = this.runScheduled()
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

  /** What the timer runs: the scans if this period's are still to run on any instance, then this instance's deliveries. */
  async runScheduled(): Promise<ScheduledTick> {
    const scan: JobOutcome<ScanResult> = this.periodic
      ? await this.periodic.runOnce({ name: SCAN_JOB, periodMs: this.settings.scanMs, run: () => this.scan() })
      : { ran: true, job: SCAN_JOB, period: new Date(), result: await this.scan() };
    return { scan, delivery: await this.deliver() };
  }

  /** Periodic events: each one's key makes a second scan add nothing. */
  async scan(): Promise<ScanResult> {
    const added: ScanResult = { pixExpiring: 0, silentTrackers: 0 };
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
      added.pixExpiring++;
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
      added.silentTrackers++;
    }
    return added;
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
