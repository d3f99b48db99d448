import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres, rawQuery, type Database } from '../src/db/db';
import { FixedClock } from '../src/ports/clock';
import { SCALE_READS, pickSubject, type ScaleClient, type ScaleSubject } from '../scripts/scale-reads';
import { tapQueries, type TappedQuery } from './release-queries/pg-tap';
import { uniqueIp } from './factories';
import { buildTestConfig, CapturingNotifier, codeOf, createTestApp, type TestApp } from './helpers';
import { DEMO_STAFF_PASSWORD, STAFF, STAFF_COOKIE } from './staff-helpers';

/**
 * Issue 29 item 3 (ADR 080): every read measured at scale (scripts/scale-reads.ts) is run through the app, each SQL
 * statement it sends is captured on the driver (the same text and values the app runs, nothing copied by hand) and
 * EXPLAINed; a sequential scan of a large table fails the test.
 *
 * - Demo database (PGlite, or PostgreSQL in CI): its tables hold a few rows, where a sequential scan is the planner's
 *   right answer. There the question asked is "is there an index this statement can use": EXPLAIN runs with
 *   enable_seqscan = off, which only makes a sequential scan the last resort (it stays in the plan when nothing else
 *   can answer the statement).
 * - The scale database (`SCALE_DATABASE_URL`, built by `npm run seed:scale`): the planner's own choice, statistics as
 *   ANALYZE left them.
 */
const LARGE_TABLES = new Set(['positions', 'bills', 'contracts', 'customers', 'cases', 'claims', 'trips']);

type Plan = { 'Node Type': string; 'Relation Name'?: string; Plans?: Plan[] };

/** The relation each Seq Scan of a large table reads (a partition counts as its table: positions_p202601 → positions). */
function largeSeqScans(plan: Plan, found: string[] = []): string[] {
  const rel = plan['Relation Name']?.replace(/^positions_(p\d{6}|default)$/, 'positions');
  if (plan['Node Type'] === 'Seq Scan' && rel && LARGE_TABLES.has(rel)) found.push(plan['Relation Name']!);
  for (const p of plan.Plans ?? []) largeSeqScans(p, found);
  return found;
}

/**
 * The driver's tap (installed before any pool connects: db.ts binds each client's query when it connects) files each
 * statement under the read running at the time.
 */
let current: TappedQuery[] | null = null;
tapQueries((q) => void (current && explainable(q.text) && current.push(q)));

const decode = (v: TappedQuery['values'][number]) => (v && typeof v === 'object' ? Buffer.from(v.b64, 'base64') : v);
const explainable = (text: string) => /^\s*(select|with|insert|update|delete)\b/i.test(text);

/** An app over `db` seen through a ScaleClient, recording every statement the reads send. */
async function readsOn(app: Awaited<ReturnType<typeof buildApp>>, notifier: CapturingNotifier, clock: FixedClock, s: ScaleSubject) {
  // An address of its own: the login limits count per address (and, on the scale database, outlive a run).
  const ip = uniqueIp();
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    app.inject({ method, url, headers, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });
  const loginCode = async (): Promise<string> => {
    const start = (await inject('POST', '/api/auth/login', {}, { documento: s.document })).json() as {
      Sessao: string;
      canalPadrao: string;
    };
    await inject('POST', '/api/auth/code', {}, { Sessao: start.Sessao, canal: start.canalPadrao });
    const res = await inject('POST', '/api/auth/verify', {}, { Sessao: start.Sessao, CodigoAutenticacao: codeOf(notifier.sent.at(-1)) });
    if (res.statusCode !== 200) throw new Error(`customer login: ${res.statusCode} ${res.body}`);
    return res.json().AccessToken as string;
  };
  const staffCookie = async (): Promise<string> => {
    clock.advance(30_000);
    const totp = (await inject('GET', `/api/dev/staff/totp?email=${STAFF.atendimento}`)).json() as { codigo: string };
    const res = await inject(
      'POST',
      '/api/backoffice/auth/login',
      {},
      { email: STAFF.atendimento, senha: DEMO_STAFF_PASSWORD, codigo: totp.codigo },
    );
    const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE);
    if (!cookie) throw new Error(`staff login: ${res.statusCode} ${res.body}`);
    return `${STAFF_COOKIE}=${cookie.value}`;
  };
  const token = await loginCode();
  const cookie = await staffCookie();
  const client: ScaleClient = {
    request: async (method, url, as, body) => {
      const res = await inject(
        method,
        url,
        as === 'customer' ? { authorization: `Bearer ${token}` } : as === 'staff' ? { cookie } : {},
        body,
      );
      return { status: res.statusCode, json: () => res.json() };
    },
    lastCode: async () => codeOf(notifier.sent.at(-1)),
  };
  const captured = new Map<string, TappedQuery[]>();
  for (const read of SCALE_READS) {
    const statements: TappedQuery[] = [];
    current = statements;
    try {
      await read.run(client, s);
    } finally {
      current = null;
    }
    captured.set(read.name, statements);
  }
  return captured;
}

/**
 * A relation the planner holds to be this small is no large table, whatever its name: on the scale database, positions'
 * months still to come and its default partition are empty, and reading an empty partition costs nothing.
 */
const SMALL_ROWS = 10_000;

/** EXPLAIN (FORMAT JSON) of each statement; answers "read: Seq Scan on table — statement" for each offending one. */
async function seqScansOf(db: Database, captured: Map<string, TappedQuery[]>, indexOnly: boolean): Promise<string[]> {
  const problems: string[] = [];
  await db.transaction().execute(async (tx) => {
    if (indexOnly) await sql`SET LOCAL enable_seqscan = off`.execute(tx);
    for (const [name, statements] of captured) {
      for (const q of statements) {
        // The captured text with its values exactly as the driver sent them.
        const rows = await rawQuery<{ 'QUERY PLAN': [{ Plan: Plan }] }>(tx, `EXPLAIN (FORMAT JSON) ${q.text}`, q.values.map(decode));
        const scans = largeSeqScans(rows[0]!['QUERY PLAN'][0].Plan);
        if (!scans.length) continue;
        const sizes = await rawQuery<{ rel: string; rows: number }>(
          tx,
          `SELECT relname AS rel, reltuples::float8 AS rows FROM pg_class WHERE relname = ANY($1) AND relnamespace = to_regnamespace(current_schema())`,
          [scans],
        );
        const small = new Set(sizes.filter((r) => !indexOnly && r.rows < SMALL_ROWS).map((r) => r.rel));
        for (const rel of scans) if (!small.has(rel)) problems.push(`${name}: Seq Scan on ${rel} — ${q.text}`);
      }
    }
  });
  return problems;
}

describe('query plans of the reads measured at scale (issue 29)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock });
    // The staff queue's keyset page needs more open cases than a page holds.
    await t.query(`
      INSERT INTO cases (id, case_number, n_ctr_id, customer_id, request_type, reason, subject, description, status, phase, created_at, updated_at)
      SELECT md5('plans' || i), '1997-' || lpad(i::text, 7, '0'), 100101, c.customer_id, 'ouvidoria', 'SAC', 'Ouvidoria',
             'Caso do teste de planos.', 'New', 'Análise', now() - i * interval '1 hour', now() - i * interval '1 hour'
        FROM generate_series(1, 60) AS i, (SELECT customer_id FROM contracts WHERE n_ctr_id = 100101) AS c`);
  });
  afterAll(() => t?.close());

  it('on the demo database, every statement of every read can use an index on the large tables', async () => {
    const captured = await readsOn(t.app, t.notifier, clock, await pickSubject(t.owner));
    for (const read of SCALE_READS) expect(captured.get(read.name)?.length, read.name).toBeGreaterThan(0);
    expect(await seqScansOf(t.owner, captured, true)).toEqual([]);
  });

  const scaleUrl = process.env.SCALE_DATABASE_URL;
  it.skipIf(!scaleUrl)(
    'on the scale database (SCALE_DATABASE_URL), no read scans a large table',
    async () => {
      const db = await openPostgres(scaleUrl!, { max: 2 });
      // The scale database outlives a run: the staff's last accepted authenticator step (its replay guard) may be this
      // one's, so the app's clock starts past it (a repeat within 30 s would otherwise be refused as CODE_REUSED).
      const [last] = await rawQuery<{ step: string | null }>(db, 'SELECT max(totp_last_step)::text AS step FROM staff');
      const scaleClock = new FixedClock(new Date(Math.max(Date.now(), (Number(last?.step ?? 0) + 1) * 30_000)));
      // ... and the guard is put back afterwards: a step left in the future would refuse the bench's staff login (on the
      // real clock) as CODE_REUSED until that time.
      const guards = await rawQuery<{ id: number; step: string | null }>(db, 'SELECT id, totp_last_step::text AS step FROM staff');
      const notifier = new CapturingNotifier();
      const app = await buildApp({ db, config: buildTestConfig(), ports: { notifier, clock: scaleClock }, logger: false });
      try {
        await app.ready();
        const subject = await pickSubject(db, Math.floor(Math.random() * 1000));
        const captured = await readsOn(app, notifier, scaleClock, subject);
        // The subject is drawn at random: a failure names it, so the plan can be looked at again.
        expect(await seqScansOf(db, captured, false), `as customer ${subject.customerId}, contract ${subject.nCtrId}`).toEqual([]);
      } finally {
        await app.close();
        for (const g of guards) await rawQuery(db, 'UPDATE staff SET totp_last_step = $2 WHERE id = $1', [g.id, g.step]);
        await db.destroy();
      }
    },
    120_000,
  );
});
