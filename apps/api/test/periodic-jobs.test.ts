import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { FixedClock } from '../src/ports/clock';
import { SCAN_JOB } from '../src/modules/notifications/worker';
import { HOUSEKEEPING_JOB } from '../src/modules/retention';
import { retentionSettings } from '../src/modules/retention/policy';
import { aLoggedInCustomer, someTrips, type Customer } from './factories';
import { createTestApp, logCapture, serverLoggerOptions, type TestApp } from './helpers';

/**
 * Issue 29 item 1 (ADR 079): two API instances on one database run each periodic job once per period. Both apps run
 * the entry their timer calls (`runScheduled`) at the same moment; time moves on their shared FixedClock, never by
 * sleeping. On PGlite and (with DATABASE_URL) on PostgreSQL as the runtime role.
 */
describe('periodic jobs once per period across two instances', () => {
  const clock = new FixedClock('2026-11-05T15:00:10Z'); // 10 s into a minute, and into a 10-minute period
  const logA = logCapture();
  const logB = logCapture();
  let t: TestApp;
  let second: TestApp['app'];
  let scanMs: number;
  let housekeepingMs: number;

  beforeAll(async () => {
    t = await createTestApp({ clock, logger: serverLoggerOptions(logA.stream, 'info') });
    second = await buildApp({ db: t.db, config: t.config, ports: { clock }, logger: serverLoggerOptions(logB.stream, 'info') });
    await second.ready();
    scanMs = t.config.env.NOTIFY_SCAN_SECONDS * 1000;
    housekeepingMs = t.config.env.RETENTION_INTERVAL_MINUTES * 60_000;
  }, 180_000); // two whole apps on a busy machine
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const silentNotices = async (who: Customer) => {
    const res = await who.call('GET', '/api/notifications?limite=50');
    expect(res.statusCode).toBe(200);
    return (res.json().itens as Array<{ tipo: string }>).filter((n) => n.tipo === 'rastreador_silencioso').length;
  };
  const runs = (job: string) =>
    t.query<{ period_start: Date; instance: string; outcome: string | null; attempts: number }>(
      'SELECT period_start, instance, outcome, attempts FROM job_runs WHERE job = $1 ORDER BY period_start',
      [job],
    );
  const ranLines = (job: string) =>
    [...logA.lines, ...logB.lines]
      .map((l) => JSON.parse(l) as { msg: string; job?: string })
      .filter((l) => l.msg === 'periodic job ran' && l.job === job);
  const bothAtOnce = () => Promise.all([t.app.notificationWorker.runScheduled(), second.notificationWorker.runScheduled()]);

  it('the silent-tracker scan runs on one instance per period: a tracker gone quiet in that period waits for the next', async () => {
    clock.advance(scanMs); // a period of its own
    const quiet = await aLoggedInCustomer(t);
    await someTrips(t, quiet.contract, { count: 3, lastEndedHoursAgo: 72 });

    const [a, b] = await bothAtOnce();
    expect([a.scan.ran, b.scan.ran].sort()).toEqual([false, true]);
    expect(await silentNotices(quiet)).toBe(1);
    const period = (a.scan.ran ? a : b).scan.period;
    expect((a.scan.ran ? b : a).scan).toMatchObject({ ran: false, reason: 'taken', period });
    expect((await runs(SCAN_JOB)).filter((r) => r.period_start.getTime() === period.getTime())).toMatchObject([
      { instance: expect.any(String), outcome: 'done', attempts: 1 },
    ]);
    expect(ranLines(SCAN_JOB).filter((l) => JSON.stringify(l).includes(period.toISOString()))).toHaveLength(1);

    // Later in the same period: neither instance scans again, so a tracker that has just gone quiet is not told yet.
    const later = await aLoggedInCustomer(t);
    await someTrips(t, later.contract, { count: 3, lastEndedHoursAgo: 30 });
    clock.set(new Date(period.getTime() + scanMs - 1)); // the period's last millisecond
    expect((await bothAtOnce()).map((r) => r.scan.ran)).toEqual([false, false]);
    expect(await silentNotices(later)).toBe(0);

    // The next period: one of them scans, and tells it once.
    clock.advance(1_000);
    expect((await bothAtOnce()).filter((r) => r.scan.ran)).toHaveLength(1);
    expect(await silentNotices(later)).toBe(1);
    expect(await silentNotices(quiet)).toBe(1);
  });

  it('a scan whose instance died mid-run holds its period until its lease runs out, then the job goes on', async () => {
    clock.advance(scanMs);
    const now = clock.now();
    const period = new Date(now.getTime() - (now.getTime() % scanMs));
    // As a crashed instance leaves it: claimed, never finished, lease two minutes on.
    await t.query(`INSERT INTO job_runs (job, period_start, instance, started_at, lease_until) VALUES ($1, $2, 'crashed', $3, $4)`, [
      SCAN_JOB,
      period,
      now,
      new Date(now.getTime() + 120_000),
    ]);
    expect((await bothAtOnce()).map((r) => r.scan)).toMatchObject([
      { ran: false, reason: 'taken' },
      { ran: false, reason: 'taken' },
    ]);
    clock.advance(scanMs); // the next period, lease still held: no pass overlaps the one that may still be running
    expect((await bothAtOnce()).map((r) => r.scan)).toMatchObject([
      { ran: false, reason: 'busy' },
      { ran: false, reason: 'busy' },
    ]);
    clock.advance(120_000); // the lease is gone: the period after runs, once
    expect((await bothAtOnce()).filter((r) => r.scan.ran)).toHaveLength(1);
    const crashed = (await runs(SCAN_JOB)).find((r) => r.period_start.getTime() === period.getTime());
    expect(crashed).toMatchObject({ instance: 'crashed', outcome: null });
  });

  it('the housekeeping pass deletes the expired rows once per period across both instances', async () => {
    const analyticsDays = retentionSettings(t.config).analyticsDays;
    const old = (name: string) =>
      t.query('INSERT INTO analytics_events (name, created_at) VALUES ($1, $2)', [
        name,
        new Date(clock.now().getTime() - (analyticsDays + 1) * 86_400_000),
      ]);
    const left = async (name: string) =>
      (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events WHERE name = $1', [name]))[0]!.n;
    const both = () => Promise.all([t.app.housekeeping.runScheduled(), second.housekeeping.runScheduled()]);

    clock.advance(housekeepingMs);
    await old('periodic-old-1');
    const first = await both();
    expect(first.filter((r) => r.ran)).toHaveLength(1);
    const ran = first.find((r) => r.ran)!;
    expect(ran.ran && ran.result.analytics_events).toBeGreaterThanOrEqual(1);
    expect(await left('periodic-old-1')).toBe(0);
    const period = ran.period;
    expect((await runs(HOUSEKEEPING_JOB)).filter((r) => r.period_start.getTime() === period.getTime())).toMatchObject([
      { outcome: 'done' },
    ]);

    // Same period: nothing runs, an expired row written since stays until the next period.
    await old('periodic-old-2');
    expect((await both()).map((r) => r.ran)).toEqual([false, false]);
    expect(await left('periodic-old-2')).toBe(1);
    clock.advance(housekeepingMs);
    expect((await both()).filter((r) => r.ran)).toHaveLength(1);
    expect(await left('periodic-old-2')).toBe(0);
    expect(ranLines(HOUSEKEEPING_JOB)).toHaveLength(2);
  });
});
