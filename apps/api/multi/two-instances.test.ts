import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/db';
import { LIVENESS_TTL_MS } from '../src/modules/auth/liveness';
import { SCAN_JOB } from '../src/modules/notifications/worker';
import { HOUSEKEEPING_JOB } from '../src/modules/retention';
import { systemClock } from '../src/ports/clock';
import { adminDatabaseUrl } from '../test/fault-harness';
import { COLLISION_CLAIM_FORM, aBill, aContract, aCustomer, someTrips, uniqueIp, type CustomerRow } from '../test/factories';
import type { TestApp } from '../test/helpers';
import { PDF, REFRESH_COOKIE, call, codeIn, refreshCookie, within, type Answer } from './client';
import {
  PORTS,
  createMultiDatabase,
  startInstance,
  startProxy,
  startS3,
  startSmsGateway,
  startSmtp,
  stopAllInstances,
  type Instance,
  type Mail,
  type MultiDatabase,
  type Proxy,
} from './harness';

/**
 * Issue 29 item 1: two API processes on one PostgreSQL database and one S3-compatible store, behind a round-robin
 * proxy, as production runs them (NODE_ENV=production: no demo mode; login codes reach the customer by e-mail through
 * a real SMTP exchange, which the test reads). Every request goes through the proxy unless a step names the instance
 * ("requested on one, verified on the other"): then it goes to that instance's own port.
 */
const adminUrl = adminDatabaseUrl();
const skipReason = adminUrl ? null : 'needs DATABASE_URL (PostgreSQL): two processes cannot share an embedded PGlite';
if (skipReason) console.log(`two-instances: skipped — ${skipReason}`);

const BUCKET = 'guarita-multi';
/** How long a notification takes at most to be delivered: the workers poll every 500 ms (NOTIFY_POLL_MS below). */
const DELIVERY_MS = 15_000;
const SCAN_SECONDS = 5;

describe.skipIf(skipReason !== null)('two instances on one database and one store (issue 29 item 1)', () => {
  let db: MultiDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let a: Instance;
  let b: Instance;
  let proxy: Proxy;
  /** The factories' view of the test: rows go in as the owner role, dated by the system clock (the apps' clock). */
  let t: TestApp;
  let mails: Mail[];

  beforeAll(async () => {
    const began = Date.now();
    db = await createMultiDatabase(adminUrl!);
    t = { owner: db.owner, app: { clock: systemClock } } as unknown as TestApp;
    const smsToken = randomBytes(24).toString('base64url');
    // Whatever started is kept for afterAll even when something else failed to start.
    const peers = await Promise.allSettled([startSmtp(), startSmsGateway(smsToken), startS3(BUCKET)]);
    [smtp, sms, s3] = peers.map((p) => (p.status === 'fulfilled' ? p.value : undefined)) as [typeof smtp, typeof sms, typeof s3];
    for (const p of peers) if (p.status === 'rejected') throw p.reason;
    mails = smtp.mails;
    const env = {
      NODE_ENV: 'production',
      // The customers' address (links in e-mails); production wants https, the proxy stands in for the TLS end.
      PUBLIC_URL: 'https://guarita-multi.example',
      MIGRATE_ON_START: 'false',
      DATABASE_URL: db.runtimeUrl,
      DATABASE_POOL_SIZE: '5',
      AUTH_SECRET: randomBytes(36).toString('base64url'),
      TRUST_PROXY: '1',
      SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
      SMS_PROVIDER_URL: `http://127.0.0.1:${PORTS.sms}/sms`,
      SMS_PROVIDER_TOKEN: smsToken,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      CARD_GATEWAY: 'sandbox',
      NOTIFY_WORKER: 'true',
      NOTIFY_POLL_MS: '500',
      // The shortest periods the settings allow, so a run of the test spans several scan periods (ADR 079).
      NOTIFY_SCAN_SECONDS: String(SCAN_SECONDS),
      RETENTION_JOB: 'true',
      RETENTION_INTERVAL_MINUTES: '1',
      WEB_DIST: '/nonexistent-guarita-web-dist',
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY_MS: '0',
    };
    const instances = await Promise.allSettled([startInstance('A', PORTS.a, env), startInstance('B', PORTS.b, env)]);
    [a, b] = instances.map((p) => (p.status === 'fulfilled' ? p.value : undefined)) as [Instance, Instance];
    for (const p of instances) if (p.status === 'rejected') throw p.reason;
    proxy = await startProxy([a, b]);
    console.log(`two-instances: database ${db.name}, both instances ready in ${Date.now() - began} ms`);
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    await stopAllInstances();
    await Promise.all([smtp?.close(), sms?.close(), s3?.close()]);
    await db?.drop();
  }, 60_000);

  /** A customer of the test's own with one contract (card on file, tracker), and its own client address. */
  async function aHolder(): Promise<{ customer: CustomerRow; nCtrId: number; ip: string }> {
    const customer = await aCustomer(t);
    const contract = await aContract(t, customer);
    return { customer, nCtrId: contract.nCtrId, ip: uniqueIp() };
  }

  /**
   * The code login, step by step on the instances named: start and code request on `first`, the code read from the
   * e-mail the mail server received, verify on `second`.
   */
  async function login(who: { customer: CustomerRow; ip: string }, first: Instance, second: Instance) {
    const email = who.customer.email!;
    const started = await call(first.base, 'POST', '/api/auth/login', { body: { documento: who.customer.document }, ip: who.ip });
    expect(started.status).toBe(200);
    const before = mails.length;
    const sent = await call(first.base, 'POST', '/api/auth/code', { body: { Sessao: started.json.Sessao, canal: 'email' }, ip: who.ip });
    expect(sent.status).toBe(202);
    const code = await within(5_000, async () => codeIn(mails, email, before));
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call(second.base, 'POST', '/api/auth/verify', {
      body: { Sessao: started.json.Sessao, CodigoAutenticacao: code },
      ip: who.ip,
    });
    expect(verified.status).toBe(200);
    return { access: verified.json.AccessToken as string, refresh: refreshCookie(verified)!, verified };
  }

  /** The instances that served the proxy's last `n` requests. */
  const lastServed = (n: number) => proxy.served.slice(-n).map((s) => s.instance);

  it('a customer logs in (code requested on A, verified on B), reads through both, refreshes on each', async () => {
    const who = await aHolder();
    const { access, refresh } = await login(who, a, b);
    expect(refresh).toBeTruthy();

    const reads = [
      await call(proxy.base, 'GET', '/api/contracts', { token: access, ip: who.ip }),
      await call(proxy.base, 'GET', '/api/contracts', { token: access, ip: who.ip }),
    ];
    expect(lastServed(2).sort()).toEqual(['A', 'B']);
    for (const r of reads) expect(r.json.map((c: { nCtrId: number }) => c.nCtrId)).toEqual([who.nCtrId]);

    // Two refreshes in a row land on both instances: each rotates the cookie the other one issued.
    const first = await call(proxy.base, 'POST', '/api/auth/refresh', { cookies: { [REFRESH_COOKIE]: refresh }, ip: who.ip });
    const second = await call(proxy.base, 'POST', '/api/auth/refresh', {
      cookies: { [REFRESH_COOKIE]: refreshCookie(first)! },
      ip: who.ip,
    });
    expect(lastServed(2).sort()).toEqual(['A', 'B']);
    for (const r of [first, second]) {
      expect(r.status).toBe(200);
      expect(refreshCookie(r)).toBeTruthy();
    }
    expect(new Set([refresh, refreshCookie(first), refreshCookie(second)]).size).toBe(3);
    for (const inst of [a, b]) {
      const me = await call(inst.base, 'GET', '/api/contracts', { token: second.json.AccessToken, ip: who.ip });
      expect(me.status).toBe(200);
    }
  });

  it('a bill is paid once under 20 concurrent retries with one Idempotency-Key, spread over both instances', async () => {
    const who = await aHolder();
    const bill = await aBill(t, { nCtrId: who.nCtrId, fee: 5000 }, { status: 'I', total: 5000, fine: 0, interest: 0 });
    const { access } = await login(who, a, b);
    const key = randomUUID();
    const pay = () =>
      call(proxy.base, 'POST', `/api/payments/contracts/${who.nCtrId}/card-payment`, {
        token: access,
        ip: who.ip,
        headers: { 'idempotency-key': key },
        body: { faturas: [bill.docEntry], valorTotal: bill.total },
      });
    const servedBefore = proxy.served.length;
    const answers = await Promise.all(Array.from({ length: 20 }, pay));
    const servedBy = proxy.served.slice(servedBefore).map((s) => s.instance);
    expect(servedBy.filter((i) => i === 'A')).toHaveLength(10);
    expect(servedBy.filter((i) => i === 'B')).toHaveLength(10);

    // As the route documents: the first answer once, every duplicate its replay (idempotent-replayed: true), or 409
    // IDEMPOTENCY_IN_PROGRESS for a duplicate that gave up waiting for it; never a second charge.
    const fresh = answers.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === 'false');
    const replays = answers.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === 'true');
    const waiting = answers.filter((r) => r.status === 409 && r.json.erro === 'IDEMPOTENCY_IN_PROGRESS');
    expect(fresh).toHaveLength(1);
    expect(fresh.length + replays.length + waiting.length).toBe(20);
    for (const r of replays) expect(r.json).toEqual(fresh[0]!.json);

    const charges = await rawQuery(db.owner, 'SELECT id FROM card_charges WHERE $1 = ANY(doc_entries)', [bill.docEntry]);
    expect(charges).toHaveLength(1);
    const row = await db.owner.selectFrom('bills').select('id_status').where('doc_entry', '=', bill.docEntry).executeTakeFirstOrThrow();
    expect(row.id_status).toBe('P');
    // And a new attempt with another key finds nothing to pay.
    const again = await call(proxy.base, 'POST', `/api/payments/contracts/${who.nCtrId}/card-payment`, {
      token: access,
      ip: who.ip,
      headers: { 'idempotency-key': randomUUID() },
      body: { faturas: [bill.docEntry], valorTotal: bill.total },
    });
    expect(again.status).toBe(409);
  });

  it('claim evidence uploaded through A is served by B (one S3 store)', async () => {
    const who = await aHolder();
    const { access } = await login(who, a, b);
    const created = await call(proxy.base, 'POST', `/api/claims/contracts/${who.nCtrId}`, {
      token: access,
      ip: who.ip,
      headers: { 'idempotency-key': randomUUID() },
      body: COLLISION_CLAIM_FORM,
    });
    expect(created.status).toBe(201);
    const n = created.json.CaseNumber as string;
    const up = await call(a.base, 'PUT', `/api/claims/cases/${n}/photos/boletim-ocorrencia`, { token: access, ip: who.ip, bytes: PDF });
    expect(up.status).toBe(200);
    expect(up.json.TipoFoto.Id).toBe('boletim-ocorrencia');
    const down = await call(b.base, 'GET', `/api/claims/cases/${n}/photos/boletim-ocorrencia`, { token: access, ip: who.ip });
    expect(down.status).toBe(200);
    expect(down.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(down.bytes.equals(PDF)).toBe(true);
  });

  it(`after logout the access token is refused on both instances within the liveness window (${LIVENESS_TTL_MS} ms)`, async () => {
    const who = await aHolder();
    const { access, refresh } = await login(who, a, b);
    // Both instances have just seen the login live (each keeps that in memory for up to LIVENESS_TTL_MS, ADR 049).
    for (const inst of [a, b]) expect((await call(inst.base, 'GET', '/api/contracts', { token: access, ip: who.ip })).status).toBe(200);

    const out = await call(a.base, 'POST', '/api/auth/logout', { token: access, cookies: { [REFRESH_COOKIE]: refresh }, ip: who.ip });
    expect(out.status).toBe(204);
    const loggedOut = Date.now();
    // The instance that revoked it forgets the login at once …
    expect((await call(a.base, 'GET', '/api/contracts', { token: access, ip: who.ip })).status).toBe(401);
    // … the other within the documented window: polled until refused, with a deadline a little over the window.
    const refusedOnB = await within(LIVENESS_TTL_MS + 1_500, async () => {
      const r = await call(b.base, 'GET', '/api/contracts', { token: access, ip: who.ip });
      return r.status === 401 ? Date.now() - loggedOut : null;
    });
    console.log(`two-instances: B refused the logged-out token ${refusedOnB} ms after logout on A`);
    expect(refusedOnB).not.toBeNull();
    expect(refusedOnB!).toBeLessThanOrEqual(LIVENESS_TTL_MS + 1_500);
    for (const inst of [a, b]) {
      expect((await call(inst.base, 'GET', '/api/contracts', { token: access, ip: who.ip })).status).toBe(401);
      const refreshed = await call(inst.base, 'POST', '/api/auth/refresh', { cookies: { [REFRESH_COOKIE]: refresh }, ip: who.ip });
      expect(refreshed.status).toBe(401);
    }
  });

  it('rate limits count across both: the code-request limit per document and address is reached alternating A and B', async () => {
    const who = await aHolder();
    const started = await call(a.base, 'POST', '/api/auth/login', { body: { documento: who.customer.document }, ip: who.ip });
    expect(started.status).toBe(200);
    const before = mails.length;
    const answers: Answer[] = [];
    // The limit is 5 per document and address per 15 min (config.ts codeRequestsPerDocumentIp): 3 on A, 2 on B, then B, A.
    for (const inst of [a, b, a, b, a, b, a]) {
      answers.push(await call(inst.base, 'POST', '/api/auth/code', { body: { Sessao: started.json.Sessao, canal: 'email' }, ip: who.ip }));
    }
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(answers.slice(5).map((r) => r.json.erro)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Five codes sent, each delivered once.
    await within(3_000, async () => (mails.slice(before).filter((m) => m.to.includes(who.customer.email!)).length >= 5 ? true : null));
    expect(mails.slice(before).filter((m) => m.to.includes(who.customer.email!))).toHaveLength(5);
  });

  it('each notification is delivered once though both workers scan and deliver (payment, silent tracker)', async () => {
    const who = await aHolder();
    // A tracker silent for 30 h: both instances' scans see it; one notification, one e-mail.
    await someTrips(t, { nCtrId: who.nCtrId }, { count: 2, lastEndedHoursAgo: 31, parkedMinutesAgo: 30 * 60 });
    const bill = await aBill(t, { nCtrId: who.nCtrId, fee: 4100 }, { status: 'I', total: 4100, fine: 0, interest: 0 });
    const { access } = await login(who, a, b);
    const paid = await call(proxy.base, 'POST', `/api/payments/contracts/${who.nCtrId}/card-payment`, {
      token: access,
      ip: who.ip,
      headers: { 'idempotency-key': randomUUID() },
      body: { faturas: [bill.docEntry], valorTotal: bill.total },
    });
    expect(paid.status).toBe(200);

    const jobsOf = () =>
      db.owner
        .selectFrom('notification_jobs as j')
        .innerJoin('notifications as n', 'n.id', 'j.notification_id')
        .select(['n.type', 'j.idempotency_key as key', 'j.status'])
        .where('n.customer_id', '=', who.customer.id)
        .execute();
    const done = await within(DELIVERY_MS, async () => {
      const jobs = await jobsOf();
      const types = new Set(jobs.map((j) => j.type));
      return types.has('pagamento_confirmado') && types.has('rastreador_silencioso') && jobs.every((j) => j.status !== 'pending')
        ? jobs
        : null;
    });
    expect(done, 'both notifications delivered in time').not.toBeNull();
    for (const job of done!) {
      expect(job.status).toBe('sent');
      const id = `<${job.key.replace(/[^A-Za-z0-9._-]/g, '-')}@guarita.notificacoes>`;
      expect(
        mails.filter((m) => m.messageId === id),
        job.key,
      ).toHaveLength(1);
    }
    // One notification per event (the scans of both instances wrote one silent-tracker row).
    const rows = await db.owner
      .selectFrom('notifications')
      .select(['type'])
      .where('customer_id', '=', who.customer.id)
      .where('type', '=', 'rastreador_silencioso')
      .execute();
    expect(rows).toHaveLength(1);
    // No notification e-mail of the whole run went out twice.
    const ids = mails.map((m) => m.messageId).filter((id) => id.endsWith('@guarita.notificacoes>'));
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the silent-tracker scan and the housekeeping (prune) pass run once per period across both instances (ADR 079)', async () => {
    const scanMs = SCAN_SECONDS * 1000;
    const runs = (job: string) =>
      db.owner
        .selectFrom('job_runs')
        .select(['period_start', 'instance', 'finished_at', 'outcome'])
        .where('job', '=', job)
        .orderBy('period_start')
        .execute();
    // Both instances have been up for a while (the tests above): wait for at least three finished scan periods.
    const scans = await within(5 * scanMs, async () => {
      const r = (await runs(SCAN_JOB)).filter((x) => x.finished_at !== null);
      return r.length >= 3 ? r : null;
    });
    expect(scans, 'three scan periods recorded').not.toBeNull();
    const housekeeping = (await runs(HOUSEKEEPING_JOB)).filter((x) => x.finished_at !== null);
    // Each instance ran its first housekeeping tick on start: one pass recorded for that minute, not two.
    expect(housekeeping.length).toBeGreaterThanOrEqual(1);

    /** 'periodic job ran' lines of both processes, with the instance (A or B) that printed each. */
    const ran = (job: string) =>
      [a, b].flatMap((inst) =>
        inst
          .output()
          .split('\n')
          // Whole JSON lines only (the last one may still be arriving).
          .filter((l) => l.startsWith('{') && l.endsWith('}') && l.includes('"periodic job ran"'))
          .map((l) => JSON.parse(l) as { job: string; period: string; instance: string })
          .filter((l) => l.job === job)
          .map((l) => ({ ...l, printedBy: inst })),
      );
    for (const [job, rows] of [
      [SCAN_JOB, scans!],
      [HOUSEKEEPING_JOB, housekeeping],
    ] as const) {
      const lines = ran(job);
      for (const row of rows) {
        expect(row.outcome, `${job} ${row.period_start.toISOString()}`).toBe('done');
        // One pass per period in the two processes' logs, by the instance the row names.
        const mine = lines.filter((l) => l.period === row.period_start.toISOString());
        expect(mine, `${job} ${row.period_start.toISOString()}`).toHaveLength(1);
        expect(row.instance).toContain(`:${mine[0]!.printedBy.child.pid}:`);
      }
      // And no period ran twice, recorded or not (the newest row may still be finishing).
      const recorded = new Set((await runs(job)).map((r) => r.period_start.toISOString()));
      expect(lines.filter((l) => !recorded.has(l.period))).toEqual([]);
      expect(new Set(lines.map((l) => l.period)).size).toBe(lines.length);
    }
    // No period skipped while both ran: every scan period from the first recorded to the last has its row.
    const first = scans![0]!.period_start.getTime();
    const last = scans!.at(-1)!.period_start.getTime();
    expect(scans!.map((r) => r.period_start.getTime())).toEqual(
      Array.from({ length: (last - first) / scanMs + 1 }, (_, i) => first + i * scanMs),
    );
    const byA = scans!.filter((r) => r.instance.includes(`:${a.child.pid}:`)).length;
    console.log(
      `two-instances: ${scans!.length} scan periods (${byA} run by A, ${scans!.length - byA} by B), ${housekeeping.length} housekeeping`,
    );
  });

  it('neither process died or logged an error', () => {
    for (const inst of [a, b]) {
      expect(inst.exited(), `instance ${inst.name}`).toBe(false);
      const errors = inst
        .output()
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l));
      expect(errors, `instance ${inst.name}`).toEqual([]);
    }
  });
});
