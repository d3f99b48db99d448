import path from 'node:path';
import { sql } from 'kysely';
import { openPglite, openPostgres, type Database } from '../../apps/api/src/db/db';
import { encodeCursor } from '../../apps/api/src/modules/backoffice/queue-desk';
import { STAFF_COOKIE } from '../../apps/api/src/modules/staff/cookies';
import { DEMO_STAFF_PASSWORD } from '../../apps/api/src/modules/staff/demo';
import { startApi } from './api-process';
import type { Cleanup } from './cleanup';
import { measure, type LoadResult } from './load';
import type { CpuLayout } from './pinning';
import type { Settings } from './settings';
import type { DbKind } from './targets';

/** Cases the bench adds: a few years of a busy company's support and claims, 1 in 20 still open. */
export const BENCH_CASES = 1_000_000;
export const QUEUE_PATH = '/api/backoffice/casos';
const STAFF_EMAIL = 'atendimento@guarita.example';

export interface BackofficeFigures {
  db: DbKind;
  dbLabel: string;
  cases: number;
  seedSeconds: number;
  /** The default order: time left (the stored due time, ADR 085). */
  firstPage: LoadResult;
  /** A keyset page 50 cases from the end of the time-left order. */
  deepPage: LoadResult;
  filtered: LoadResult;
  /** Oldest first (the order before issue 30), and its keyset page 50 cases from the newest. */
  byAge: LoadResult;
  byAgeDeep: LoadResult;
  /** The search box (issue 30 item 12), by each key, on the customer who holds the 1M cases. */
  searches: Array<{ key: string; result: LoadResult }>;
}

/** BENCH_CASES support cases (SAC, Suporte, Contestação) on the demo contract, one a minute back in time, with plain SQL. */
interface Seeded {
  cases: number;
  deepCursor: string;
  ageDeepCursor: string;
  customer: { document: string; name: string; email: string | null; plate: string | null; caseNumber: string };
}

async function seedCases(dataDir: string, databaseUrl: string | undefined): Promise<Seeded> {
  // The seed is one long statement: the pool's request-sized limits (statement 10 s, client read 12 s) are lifted for it.
  const unbounded = { statement_timeout: 0, query_timeout: 0, idle_in_transaction_session_timeout: 0 };
  const db = databaseUrl ? await openPostgres(databaseUrl, { timeouts: unbounded }) : await openPglite(path.join(dataDir, 'pglite'));
  try {
    const owner = await db.selectFrom('contracts').select('customer_id').where('n_ctr_id', '=', 100101).executeTakeFirstOrThrow();
    await db.transaction().execute(async (tx) => {
      await sql`
      INSERT INTO cases (id, case_number, n_ctr_id, customer_id, request_type, reason, subject, description, status, phase, created_at, updated_at)
      SELECT md5('bench' || i), '1999-' || lpad(i::text, 7, '0'), 100101, ${owner.customer_id},
             (ARRAY['ouvidoria', 'rastreador', 'contestacao'])[i % 3 + 1],
             (ARRAY['SAC', 'Suporte', 'Contestação'])[i % 3 + 1],
             (ARRAY['Ouvidoria', 'Suporte Rastreador', 'Contestação de Fatura'])[i % 3 + 1],
             'Caso gerado pelo bench.',
             CASE WHEN i % 20 = 0 THEN 'New' ELSE 'Closed' END,
             CASE WHEN i % 20 = 0 THEN 'Análise' ELSE 'Concluído' END,
             now() - i * interval '1 minute', now() - i * interval '1 minute'
        FROM generate_series(1, ${BENCH_CASES}::int) AS i`.execute(tx);
    });
    await sql`ANALYZE cases`.execute(db);
    const count = await db
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // The cursors 50 open cases before the end of each order: the deep end of a queue.
    const deepOf = (column: 'due_at' | 'created_at') =>
      db
        .selectFrom('cases')
        .select(['id', column])
        .where('status', '=', 'New')
        .where('subject', '<>', 'Sinistro')
        .orderBy(column, 'desc')
        .orderBy('id', 'desc')
        .offset(50)
        .limit(1)
        .executeTakeFirstOrThrow();
    const deepDue = await deepOf('due_at');
    const deepAge = await deepOf('created_at');
    const who = await db
      .selectFrom('customers')
      .innerJoin('contracts', 'contracts.customer_id', 'customers.id')
      .select(['document', 'name', 'email', 'plate'])
      .where('contracts.n_ctr_id', '=', 100101)
      .executeTakeFirstOrThrow();
    // A protocol as the app numbers them (the bench's own are 'AAAA-NNNNNNN', seven digits, which no search reads).
    const open = await db
      .selectFrom('cases')
      .select('case_number')
      .where('case_number', 'not like', '1999-%')
      .where('subject', '<>', 'Sinistro')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    if (process.env.BENCH_EXPLAIN) await explainQueue(db, who);
    return {
      cases: Number(count.n),
      deepCursor: encodeCursor('restante', new Date((deepDue as { due_at: Date }).due_at).toISOString(), deepDue.id),
      ageDeepCursor: encodeCursor('idade-desc', new Date((deepAge as { created_at: Date }).created_at).toISOString(), deepAge.id),
      customer: { ...who, caseNumber: open.case_number },
    };
  } finally {
    await db.destroy();
  }
}

/**
 * ADR 085's plans: EXPLAIN (ANALYZE, BUFFERS) of the queue's statements as StaffQueue builds them (written out here:
 * the figures, not the code, are what this prints), on the 1M cases, when BENCH_EXPLAIN is set.
 */
async function explainQueue(db: Database, who: { document: string; name: string; email: string | null; plate: string | null }) {
  const cols = sql`id, case_number, reason, subject, status, phase, created_at, due_at, customer_id, n_ctr_id`;
  const scope = sql`status = 'New' AND subject <> 'Sinistro'`;
  const words = who.name
    .toLowerCase()
    .split(' ')
    .slice(0, 2)
    .map((w) => `${w}:*`)
    .join(' & ');
  const plans: Array<[string, ReturnType<typeof sql>]> = [
    ['time left, first page', sql`SELECT ${cols} FROM cases WHERE ${scope} ORDER BY due_at, id LIMIT 26`],
    ['time left, descending', sql`SELECT ${cols} FROM cases WHERE ${scope} ORDER BY due_at DESC, id DESC LIMIT 26`],
    ['oldest first', sql`SELECT ${cols} FROM cases WHERE ${scope} ORDER BY created_at, id LIMIT 26`],
    ['time left, SAC', sql`SELECT ${cols} FROM cases WHERE ${scope} AND reason = 'SAC' ORDER BY due_at, id LIMIT 26`],
    [
      'search by CPF/CNPJ',
      sql`SELECT ${cols} FROM cases WHERE ${scope} AND customer_id IN (SELECT id FROM customers WHERE document = ${who.document}) ORDER BY due_at, id LIMIT 26`,
    ],
    [
      'search by name',
      sql`SELECT ${cols} FROM cases WHERE ${scope} AND customer_id IN (SELECT id FROM customers WHERE to_tsvector('simple', name) @@ to_tsquery('simple', ${words})) ORDER BY due_at, id LIMIT 26`,
    ],
    [
      'search by e-mail',
      sql`SELECT ${cols} FROM cases WHERE ${scope} AND customer_id IN (SELECT id FROM customers WHERE lower(email) = ${(who.email ?? '').toLowerCase()}) ORDER BY due_at, id LIMIT 26`,
    ],
    [
      'search by plate',
      sql`SELECT ${cols} FROM cases WHERE ${scope} AND n_ctr_id IN (SELECT n_ctr_id FROM contracts WHERE plate = ${who.plate ?? ''}) ORDER BY due_at, id LIMIT 26`,
    ],
    ['new since (live count)', sql`SELECT count(*) FROM cases WHERE ${scope} AND created_at > now() - interval '1 hour'`],
  ];
  for (const [label, query] of plans) {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${query}`.execute(db);
    console.log(`\nEXPLAIN ${label}:\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

/** The demo atendimento account's session cookie (demo mode's TOTP helper gives the code). */
export async function staffCookie(base: string): Promise<string> {
  const totp = (await (await fetch(`${base}/api/dev/staff/totp?email=${STAFF_EMAIL}`)).json()) as { codigo: string };
  const res = await fetch(`${base}/api/backoffice/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF_EMAIL, senha: DEMO_STAFF_PASSWORD, codigo: totp.codigo }),
  });
  if (!res.ok) throw new Error(`staff login: HTTP ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  if (!cookie) throw new Error('staff login: no session cookie');
  return cookie.split(';')[0]!;
}

/** Issue 13 §4: the staff queue read (25 open cases, oldest first) on a database holding 1M cases, per database. */
export async function measureBackoffice(s: Settings, cleanup: Cleanup, cpus: CpuLayout | undefined, onDb: (f: BackofficeFigures) => void) {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };
  for (const databaseUrl of [undefined, ...(s.databaseUrl ? [s.databaseUrl] : [])]) {
    const first = await startApi(s.root, databaseUrl, cleanup);
    first.rss.stop();
    await first.server.stop();
    const started = performance.now();
    const { cases, deepCursor, ageDeepCursor, customer } = await seedCases(first.dataDir, first.databaseUrl);
    const seedSeconds = (performance.now() - started) / 1000;
    const api = await startApi(s.root, undefined, cleanup, cpus?.server, {}, first);
    try {
      const headers = { cookie: await staffCookie(api.base) };
      const get = (label: string, query: string) => measure({ ...load, label, url: `${api.base}${QUEUE_PATH}${query}`, headers });
      const firstPage = await get(`GET ${QUEUE_PATH}`, '');
      const deepPage = await get(`GET ${QUEUE_PATH}?cursor=<deep>`, `?cursor=${deepCursor}`);
      const filtered = await get(`GET ${QUEUE_PATH}?motivo=SAC`, '?motivo=SAC');
      const byAge = await get(`GET ${QUEUE_PATH}?ordem=idade-desc`, '?ordem=idade-desc');
      const byAgeDeep = await get(`GET ${QUEUE_PATH}?ordem=idade-desc&cursor=<deep>`, `?ordem=idade-desc&cursor=${ageDeepCursor}`);
      const searches: BackofficeFigures['searches'] = [];
      for (const [key, value] of [
        ['protocol', customer.caseNumber],
        ['CPF/CNPJ', customer.document],
        ['name', customer.name.split(' ').slice(0, 2).join(' ')],
        ['e-mail', customer.email ?? customer.document],
        ['plate', customer.plate ?? customer.document],
        ['contract', '100101'],
      ] as const)
        searches.push({ key, result: await get(`GET ${QUEUE_PATH}?busca=<${key}>`, `?busca=${encodeURIComponent(value)}`) });
      onDb({ db: api.db, dbLabel: api.dbLabel, cases, seedSeconds, firstPage, deepPage, filtered, byAge, byAgeDeep, searches });
    } finally {
      api.rss.stop();
      await api.server.stop();
    }
  }
}
