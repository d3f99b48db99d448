/**
 * `npm run seed:scale [-- <postgres url>] [--force]` (issue 29 item 2, ADR 080): a million customers on PostgreSQL.
 * SEED_SCALE (default 1) multiplies every count: 1,000,000 customers, 1,500,000 contracts, 36 months of bills each
 * (54M), 3,000,000 cases (one in three a claim), 100,000,000 positions on 30,000 trackers (one contract in 50) and
 * their trips (one per 100 positions), spread over the 13 months the retention keeps (ADR 066).
 *
 * The rows are made in the database (INSERT … SELECT over generate_series, two statements at a time), copying the
 * demo seed's rows as templates (a contract, the support cases' and claims' JSON), so every row is one the app reads.
 * Secondary indexes (and positions' primary key) are dropped for the load and built again after it; foreign keys are
 * not checked during it (session_replication_role = replica: the rows are consistent by construction); VACUUM
 * (ANALYZE), then the trips' summaries (ADR 084) end it.
 *
 * Refuses PGlite (no URL) and a database with customers other than the demo's, unless --force.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { DEMO_CUSTOMERS, seedDemo } from '../src/db/seed';
import { summariseTripBacklog } from '../src/modules/trips';
import { SCALE_BILL_MONTHS } from './scale-reads';

const url = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? process.env.DATABASE_URL;
const force = process.argv.includes('--force');
const scale = Number(process.env.SEED_SCALE ?? '1');
const jobs = Math.max(1, Number(process.env.SEED_SCALE_JOBS ?? '2'));
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('seed:scale needs a PostgreSQL database (DATABASE_URL or an argument): PGlite is not for 100M rows.');
  process.exit(2);
}
if (!(scale > 0 && scale <= 1)) {
  console.error(`SEED_SCALE must be in (0, 1]: ${process.env.SEED_SCALE}`);
  process.exit(2);
}

const n = (full: number) => Math.max(1, Math.round(full * scale));
export const COUNTS = {
  customers: n(1_000_000),
  contracts: n(1_500_000),
  billMonths: SCALE_BILL_MONTHS,
  cases: n(3_000_000),
  positions: n(100_000_000),
  /** One contract in TRACKER_EVERY has a tracker: 30,000 at full size. */
  trackerEvery: 50,
  positionsPerTrip: 100,
};
/** Contract numbers above the demo's (100101 … 800801) and the e2e factory's (900001 …). */
const FIRST_CONTRACT = 10_000_000;
/** Rows per statement: progress is printed per chunk, and two chunks run at once. */
const CHUNK = 1_800_000; // whole contracts' bills (36) and whole trips (100)
const BIG_TABLES = ['customers', 'contracts', 'bills', 'cases', 'claims', 'trips', 'positions'];

const started = performance.now();
const secs = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
// Per session: no statement limit, no waiting on the WAL flush, no foreign-key triggers (superuser), big sorts.
const pool = new pg.Pool({
  connectionString: url,
  max: jobs + 1,
  options:
    '-c statement_timeout=0 -c synchronous_commit=off -c session_replication_role=replica -c maintenance_work_mem=512MB -c work_mem=64MB',
});
const q = (text: string, values: unknown[] = []) => pool.query(text, values);

/** Runs `chunks` statements `jobs` at a time, printing rows, rate and the time left. */
async function load(table: string, total: number, statement: (from: number, to: number) => string): Promise<void> {
  const t0 = performance.now();
  const ranges: Array<[number, number]> = [];
  for (let from = 1; from <= total; from += CHUNK) ranges.push([from, Math.min(total, from + CHUNK - 1)]);
  let done = 0;
  const worker = async () => {
    for (let r = ranges.shift(); r; r = ranges.shift()) {
      await q(statement(r[0], r[1]));
      done += r[1] - r[0] + 1;
      const rate = done / ((performance.now() - t0) / 1000);
      if (done < total)
        console.log(
          `  ${table}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${Math.round(rate).toLocaleString('en')} rows/s, ~${Math.round((total - done) / rate)} s left)`,
        );
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  console.log(`${table}: ${total.toLocaleString('en')} rows in ${secs(t0)} s`);
}

/**
 * Every trip's route and figures (ADR 084), as a tracking feed stores them when a trip ends: the app's own backlog
 * pass, in large batches, until none is left.
 */
async function summariseTrips(total: number): Promise<void> {
  const t = performance.now();
  const db = await openPostgres(url!, { timeouts: { statement_timeout: 0, query_timeout: 0, idle_in_transaction_session_timeout: 0 } });
  try {
    let done = 0;
    for (let n = await summariseTripBacklog(db, 2000); n > 0; n = await summariseTripBacklog(db, 2000)) {
      done += n;
      if (done % 100_000 < n) console.log(`  trip summaries: ${done} of ${total} (${secs(t)} s)`);
    }
    await q('VACUUM (ANALYZE) trips'); // the summaries' updates left a dead row each
    console.log(`trip summaries: ${done} in ${secs(t)} s`);
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const db = await openPostgres(url!, { timeouts: { statement_timeout: 0, query_timeout: 0, idle_in_transaction_session_timeout: 0 } });
  try {
    await migrate(db);
    await seedDemo(db);
  } finally {
    await db.destroy();
  }
  const { rows: existing } = await q('SELECT count(*)::int AS n FROM customers');
  if (existing[0].n > DEMO_CUSTOMERS.length && !force) {
    console.error(
      `The database holds ${existing[0].n} customers, not only the demo's ${DEMO_CUSTOMERS.length}: refusing (--force to add anyway).`,
    );
    process.exit(3);
  }
  const c = COUNTS;
  const trackers = Math.floor(c.contracts / c.trackerEvery);
  const trips = Math.floor(c.positions / c.positionsPerTrip);
  const tripsPerTracker = Math.ceil(trips / Math.max(1, trackers));
  console.log(
    `seed:scale ×${scale}: ${c.customers} customers, ${c.contracts} contracts (${trackers} trackers), ` +
      `${c.contracts * c.billMonths} bills, ${c.cases} cases, ${c.positions} positions, ${trips} trips; ${jobs} at a time`,
  );

  // With the default max_wal_size (1 GB) a load this size checkpoints every few seconds and slows as it grows (ADR 080).
  const { rows: wal } = await q(`SELECT setting::bigint * 1048576 AS bytes FROM pg_settings WHERE name = 'max_wal_size'`);
  if (Number(wal[0].bytes) < 8 * 2 ** 30 && scale > 0.05)
    console.log(
      `note: max_wal_size is ${Math.round(Number(wal[0].bytes) / 2 ** 20)} MB; 16GB or more (and a larger shared_buffers) loads faster`,
    );

  const { rows: base } = await q('SELECT coalesce(max(id), 0)::int AS id FROM customers');
  const firstCustomer = base[0].id as number;
  // Fixed for the whole load: every date is relative to it.
  const { rows: nowRow } = await q(`SELECT date_trunc('minute', now()) AS now`);
  const now = (nowRow[0].now as Date).toISOString();

  // Secondary indexes out, to be built once at the end (and positions' primary key: 100M random inserts into it cost
  // more than one sorted build per partition).
  const { rows: indexes } = await q(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relnamespace = to_regnamespace(current_schema()) AND t.relname = ANY($1) AND NOT t.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [BIG_TABLES],
  );
  for (const ix of indexes) await q(`DROP INDEX ${ix.name}`);
  await q('ALTER TABLE positions DROP CONSTRAINT positions_pkey');
  console.log(`dropped ${indexes.length} secondary indexes and positions_pkey for the load`);

  // CPF: 9 digits from the customer's number (prefix 9, far from the demo's) and the two check digits, in integer
  // arithmetic written out (a function with a subquery per row made 4k customers a second).
  const digit = (i: number) => `(b / ${10 ** (9 - i)} % 10)`;
  const sum1 = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `${digit(i)} * ${11 - i}`).join(' + ');
  const sum2 = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `${digit(i)} * ${12 - i}`).join(' + ');
  const check = (r: string) => `CASE WHEN (${r}) % 11 < 2 THEN 0 ELSE 11 - (${r}) % 11 END`;
  await load(
    'customers',
    c.customers,
    (a, b) => `
    INSERT INTO customers (id, document, kind, name, email, phone, sms_phone, created_at)
    SELECT ${firstCustomer} + k, b::text || d1 || ${check(`${sum2} + d1 * 2`)}, 'cpf', 'Cliente Escala ' || k,
           'cliente' || k || '@escala.example', '31' || (900000000 + k), '31' || (900000000 + k),
           '${now}'::timestamptz - interval '3 years'
      FROM generate_series(${a}, ${b}) AS k,
           LATERAL (SELECT 900000000 + k AS b) AS bb,
           LATERAL (SELECT ${check(sum1)} AS d1) AS dd`,
  );
  await q(`SELECT setval(pg_get_serial_sequence('customers', 'id'), (SELECT max(id) FROM customers))`);

  // Contracts: the demo's first contract (100101) as the template; customer k has contracts k and k + customers.
  await load(
    'contracts',
    c.contracts,
    (a, b) => `
    INSERT INTO contracts (n_ctr_id, customer_id, id_plan, plan_name, slp_code, status, cancelled, due_day, validity_start,
      possui_dispositivo, fipe_limit_cents, monthly_fee_cents, card_summary, card_brand, plate, model, manufacturer,
      model_year, vehicle_type, created_at)
    SELECT ${FIRST_CONTRACT} + j, ${firstCustomer} + 1 + (j - 1) % ${c.customers}, t.id_plan, t.plan_name, t.slp_code,
           t.status, false, 1 + j % 28, (date '${now.slice(0, 10)}' - interval '3 years')::date,
           j % ${c.trackerEvery} = 0, t.fipe_limit_cents, t.monthly_fee_cents, t.card_summary, t.card_brand,
           'ESC' || lpad((j % 10000)::text, 4, '0'), t.model, t.manufacturer, t.model_year, t.vehicle_type,
           '${now}'::timestamptz - interval '3 years'
      FROM generate_series(${a}, ${b}) AS j, (SELECT * FROM contracts WHERE n_ctr_id = 100101) AS t`,
  );

  // 36 monthly bills per contract: this month's open, one overdue in 97 contracts, the rest paid on their due date.
  // Per range of contracts (a chunk is whole contracts' bills): contracts × months, no per-row division.
  await load(
    'bills',
    c.contracts * c.billMonths,
    (a, b) => `
    INSERT INTO bills (n_ctr_id, doc_due_date, doc_total, id_status, paid_at, created_at)
    SELECT ${FIRST_CONTRACT} + j, d.due, 18990,
           CASE WHEN m = 0 THEN 'A' WHEN m = 1 AND j % 97 = 0 THEN 'I' ELSE 'P' END,
           CASE WHEN m = 0 OR (m = 1 AND j % 97 = 0) THEN NULL ELSE d.due + time '12:00' END, d.due - 20
      FROM generate_series(${(a - 1) / c.billMonths + 1}, ${b / c.billMonths}) AS j
     CROSS JOIN generate_series(0, ${c.billMonths - 1}) AS m
     CROSS JOIN LATERAL (SELECT (date '${now.slice(0, 8)}01' - m * interval '1 month' + (j % 28) * interval '1 day')::date AS due) AS d`,
  );
  // Cases over 3 years, spread over the contracts; every third a claim. The demo's support cases and claims are the
  // templates of their text and JSON. One in 20 is still open (the staff queue).
  // Templates numbered support first (0 … support-1), then claims (support … support+claims-1): one hash join.
  await q(`CREATE TABLE scale_case_templates AS
    SELECT row_number() OVER (ORDER BY cl.case_id IS NOT NULL, ca.id) - 1 AS k, ca.*, cl.kind, cl.claim_reason, cl.payload
      FROM cases ca LEFT JOIN claims cl ON cl.case_id = ca.id`);
  const { rows: tpl } = await q(
    `SELECT count(*) FILTER (WHERE kind IS NULL)::int AS support, count(kind)::int AS claims FROM scale_case_templates`,
  );
  const { support, claims } = tpl[0] as { support: number; claims: number };
  const template = (i: string) => `CASE WHEN (${i}) % 3 = 0 THEN ${support} + (${i}) % ${claims} ELSE (${i}) % ${support} END`;
  const open = (i: string) => `(${i}) % 20 = 0`;
  const caseSql = (a: number, b: number) => `
    INSERT INTO cases (id, case_number, n_ctr_id, customer_id, request_type, reason, subject, description, status, phase,
      requester, origin, terms_accepted, contact_phone, details, created_at, updated_at)
    SELECT md5('scale-case' || i)::uuid::text, '1998-' || lpad(i::text, 7, '0'), ${FIRST_CONTRACT} + 1 + (i - 1) % ${c.contracts},
           ${firstCustomer} + 1 + (i - 1) % ${c.contracts} % ${c.customers}, t.request_type, t.reason, t.subject, t.description,
           CASE WHEN ${open('i')} THEN 'New' ELSE 'Closed' END,
           CASE WHEN t.kind IS NULL THEN (CASE WHEN ${open('i')} THEN 'Análise' ELSE 'Concluído' END)
                ELSE (CASE WHEN ${open('i')} THEN 'Documentação' ELSE 'Finalização' END) END,
           t.requester, t.origin, t.terms_accepted, t.contact_phone, t.details,
           '${now}'::timestamptz - (i * (1095.0 * 86400 / ${c.cases})) * interval '1 second',
           '${now}'::timestamptz - (i * (1095.0 * 86400 / ${c.cases})) * interval '1 second'
      FROM generate_series(${a}, ${b}) AS i JOIN scale_case_templates t ON t.k = ${template('i')}`;
  await load('cases', c.cases, caseSql);
  await load(
    'claims',
    Math.floor(c.cases / 3),
    (a, b) => `
    INSERT INTO claims (case_id, customer_id, n_ctr_id, kind, claim_reason, payload, created_at)
    SELECT ca.id, ca.customer_id, ca.n_ctr_id, t.kind, t.claim_reason, t.payload, ca.created_at
      FROM generate_series(${a}, ${b}) AS g
      JOIN cases ca ON ca.id = md5('scale-case' || g * 3)::uuid::text
      JOIN scale_case_templates t ON t.k = ${template('g * 3')}`,
  );
  await q('DROP TABLE scale_case_templates');

  // Trips and positions: trip k belongs to tracker k % trackers; a tracker's trips are spread over 13 months, newest
  // first, 100 fixes a minute apart each. Partitions for those months first.
  const spacingMin = Math.floor((395 * 1440) / tripsPerTracker);
  const tripStart = (k: string) => `'${now}'::timestamptz - ((${k}) / ${trackers} + 1) * ${spacingMin} * interval '1 minute'`;
  const tracker = (k: string) => `${FIRST_CONTRACT} + ${c.trackerEvery} * ((${k}) % ${trackers} + 1)`;
  await q(`SELECT positions_create_partitions($1::timestamptz - interval '14 months', 17)`, [now]);
  await load(
    'trips',
    trips,
    (a, b) => `
    INSERT INTO trips (n_ctr_id, started_at, ended_at, start_address, end_address)
    SELECT ${tracker('k')}, ${tripStart('k')}, ${tripStart('k')} + ${c.positionsPerTrip - 1} * interval '1 minute',
           'Av. Afonso Pena, ' || (k % 3000 + 1) || ' - Centro, Belo Horizonte - MG',
           'Rua da Bahia, ' || (k % 2000 + 1) || ' - Lourdes, Belo Horizonte - MG'
      FROM generate_series(${a - 1}, ${b - 1}) AS k`,
  );
  await load(
    'positions',
    trips * c.positionsPerTrip,
    (a, b) => `
    INSERT INTO positions (n_ctr_id, ts, lat, lng, speed_kmh, ign)
    SELECT ${tracker('p / ' + c.positionsPerTrip)}, ${tripStart('p / ' + c.positionsPerTrip)} + (p % ${c.positionsPerTrip}) * interval '1 minute',
           -19.92 + 0.05 * sin(p / 300.0), -43.94 + 0.05 * cos(p / 300.0), (40 + 40 * sin(p / 7.0))::real, true
      FROM generate_series(${a - 1}::bigint, ${b - 1}::bigint) AS p`,
  );

  const t1 = performance.now();
  const builds = [`ALTER TABLE positions ADD PRIMARY KEY (n_ctr_id, ts)`, ...indexes.map((ix) => ix.def as string)];
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      for (let s = builds.shift(); s; s = builds.shift()) {
        const t = performance.now();
        await q(s);
        console.log(`  built in ${secs(t)} s: ${s.replace(/^CREATE (UNIQUE )?INDEX /, '').slice(0, 90)}`);
      }
    }),
  );
  console.log(`indexes: ${indexes.length + 1} built in ${secs(t1)} s`);
  const t2 = performance.now();
  // VACUUM as autovacuum would in time: the visibility map is what lets the bill history read its index alone (026).
  await q('VACUUM (ANALYZE)');
  console.log(`VACUUM (ANALYZE) in ${secs(t2)} s`);
  await summariseTrips(trips);

  const { rows: sizes } = await q(
    `SELECT t.relname AS table, coalesce(sum(c.reltuples), 0)::bigint AS rows,
            pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS size
       FROM pg_class t
       LEFT JOIN pg_inherits i ON i.inhparent = t.oid
       JOIN pg_class c ON c.oid = coalesce(i.inhrelid, t.oid)
      WHERE t.relname = ANY($1) AND t.relnamespace = to_regnamespace(current_schema())
      GROUP BY t.relname ORDER BY sum(pg_total_relation_size(c.oid)) DESC`,
    [BIG_TABLES],
  );
  console.table(sizes);
  console.log(`seed:scale ×${scale} done in ${secs(started)} s`);
}

try {
  await main();
} finally {
  await pool.end();
}
