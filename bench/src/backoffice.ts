import path from 'node:path';
import { sql } from 'kysely';
import { openPglite, openPostgres } from '../../apps/api/src/db/db';
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
  firstPage: LoadResult;
  deepPage: LoadResult;
  filtered: LoadResult;
}

/** BENCH_CASES support cases (SAC, Suporte, Contestação) on the demo contract, one a minute back in time, with plain SQL. */
async function seedCases(dataDir: string, databaseUrl: string | undefined): Promise<{ cases: number; deepCursor: string }> {
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
    // The cursor 25 open cases before the newest: the deep end of an oldest-first queue.
    const deep = await db
      .selectFrom('cases')
      .select(['id', 'created_at'])
      .where('status', '=', 'New')
      .where('subject', '<>', 'Sinistro')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(50)
      .limit(1)
      .executeTakeFirstOrThrow();
    return { cases: Number(count.n), deepCursor: encodeCursor('idade-desc', new Date(deep.created_at).toISOString(), deep.id) };
  } finally {
    await db.destroy();
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
    const { cases, deepCursor } = await seedCases(first.dataDir, first.databaseUrl);
    const seedSeconds = (performance.now() - started) / 1000;
    const api = await startApi(s.root, undefined, cleanup, cpus?.server, {}, first);
    try {
      const headers = { cookie: await staffCookie(api.base) };
      const get = (label: string, query: string) => measure({ ...load, label, url: `${api.base}${QUEUE_PATH}${query}`, headers });
      const firstPage = await get(`GET ${QUEUE_PATH}`, '');
      const deepPage = await get(`GET ${QUEUE_PATH}?cursor=<deep>`, `?cursor=${deepCursor}`);
      const filtered = await get(`GET ${QUEUE_PATH}?motivo=SAC`, '?motivo=SAC');
      onDb({ db: api.db, dbLabel: api.dbLabel, cases, seedSeconds, firstPage, deepPage, filtered });
    } finally {
      api.rss.stop();
      await api.server.stop();
    }
  }
}
