import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openPostgres, type Database } from '../../apps/api/src/db/db';
import {
  SCALE_BILL_MONTHS,
  SCALE_READS,
  subjects,
  type ScaleClient,
  type ScaleRead,
  type ScaleResponse,
  type ScaleSubjectRow,
} from '../../apps/api/scripts/scale-reads';
import { startApi, type ApiUnderTest } from './api-process';
import { staffCookie } from './backoffice';
import type { Cleanup } from './cleanup';
import { readFigures, sizesByTable, type ReadFigures, type TableSize } from './scale-stats';
import type { Settings } from './settings';

/** Concurrent readers of the scale bench's loaded runs (issue 29 item 3: 8 and 32 connections). */
export const SCALE_CONNECTIONS = [8, 32] as const;

interface Subject extends ScaleSubjectRow {
  token?: string;
}

export interface ReadResult {
  read: ScaleRead;
  /** At one connection (`settings.scaleRequests` reads), then at each of SCALE_CONNECTIONS for `settings.duration` s. */
  single: ReadFigures | undefined;
  loaded: Array<{ connections: number; figures: ReadFigures }>;
  /** Why the read could not be measured on this database (e.g. the demo data has one queue page only). */
  skipped?: string;
}

export interface SideFigures {
  label: string;
  subjects: number;
  reads: ReadResult[];
  sizes: TableSize[];
  databaseBytes: number;
}

/**
 * Random customers to read as (scale-reads' `subjects`), drawn from pages sampled across the claims table so the reads
 * spread over the whole database instead of a few customers the caches already hold.
 */
async function randomSubjects(db: Database, wanted: number): Promise<Subject[]> {
  const est = await sql<{ n: number }>`SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'claims'::regclass`.execute(db);
  const claims = est.rows[0]?.n ?? 0;
  // Sample ~50× the rows wanted (most fail the criteria on no table, but some customers have no tracker); all rows of a small table.
  for (let pct = claims > 0 ? Math.min(100, (100 * wanted * 50) / claims) : 100; ; pct = Math.min(100, pct * 10)) {
    // One subject per customer: a customer with two claims drawn twice would be logged in by two login readers at once,
    // each reading the other's code from the outbox (verify 401; the demo data's Maria has two such claims).
    const drawn = await subjects(db, { limit: 2 * wanted, sample: pct });
    const rows = [...new Map(drawn.map((r) => [r.customerId, r])).values()].slice(0, wanted);
    if (rows.length >= wanted || pct >= 100) {
      if (!rows.length) throw new Error('no customer with a tracked contract, trips, bills and a claim');
      return rows;
    }
  }
}

/** Size per table, partitions summed under their parent; and the whole database. */
async function tableSizes(db: Database): Promise<{ sizes: TableSize[]; databaseBytes: number }> {
  const { rows } = await sql<{ table: string; parent: string | null; bytes: string; rows: number }>`
    SELECT c.relname AS table, p.relname AS parent, pg_total_relation_size(c.oid) AS bytes,
           -- reltuples is -1 until the table's first ANALYZE; the statistics' live-row count stands in meanwhile.
           -- A partitioned parent's estimate repeats its partitions' rows (their sum counts them): none of its own.
           CASE WHEN c.relkind = 'p' THEN 0 ELSE greatest(c.reltuples, coalesce(st.n_live_tup, 0)) END::float8 AS rows
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_stat_user_tables st ON st.relid = c.oid
      LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
      LEFT JOIN pg_class p ON p.oid = i.inhparent AND p.relkind = 'p'
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`.execute(db);
  const total = await sql<{ bytes: string }>`SELECT pg_database_size(current_database()) AS bytes`.execute(db);
  return {
    sizes: sizesByTable(rows.map((r) => ({ ...r, bytes: Number(r.bytes) }))),
    databaseBytes: Number(total.rows[0]!.bytes),
  };
}

/**
 * The ScaleClient of one reader: keep-alive HTTP against the API, the subject's token, the staff session. The time spent
 * reading the demo outbox for a code (a bench-only step, no customer waits on it) is counted in `excludedMs`.
 */
function client(base: string, agent: http.Agent, subject: Subject, staff: string, excluded: { ms: number }): ScaleClient {
  const request = (method: 'GET' | 'POST', url: string, as: 'customer' | 'staff' | 'none', body?: unknown): Promise<ScaleResponse> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (as === 'customer') headers.authorization = `Bearer ${subject.token ?? ''}`;
      if (as === 'staff') headers.cookie = staff;
      const payload = body === undefined ? undefined : JSON.stringify(body);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const req = http.request(base + url, { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) as unknown });
        });
        res.on('error', reject);
      });
      req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${url}: timeout`)));
      req.on('error', reject);
      req.end(payload);
    });
  return {
    request,
    lastCode: async () => {
      const t0 = performance.now();
      try {
        // The code is in the outbox when its request is answered (the notifier writes it before), and no other reader
        // logs this customer in meanwhile (randomSubjects: one subject per customer), so the newest message is this one.
        const res = await request('GET', '/api/dev/outbox', 'none');
        const outbox = res.json() as Array<{ to: string; body: string }>;
        const mine = outbox.find((m) => subject.contacts.includes(m.to));
        const code = mine && /\b(\d{6})\b/.exec(mine.body)?.[1];
        if (!code) throw new Error(`no code for ${subject.document} among the outbox's newest messages`);
        return code;
      } finally {
        excluded.ms += performance.now() - t0;
      }
    },
  };
}

/** Logs a subject in as the web app does (login, code on its default channel, code from the outbox, verify). */
async function logInSubject(base: string, agent: http.Agent, s: Subject): Promise<string> {
  const c = client(base, agent, s, '', { ms: 0 });
  const start = await c.request('POST', '/api/auth/login', 'none', { documento: s.document });
  const { Sessao, canalPadrao } = start.json() as { Sessao: string; canalPadrao: string };
  const sent = await c.request('POST', '/api/auth/code', 'none', { Sessao, canal: canalPadrao });
  if (sent.status !== 202) throw new Error(`code for ${s.document}: HTTP ${sent.status}`);
  const verified = await c.request('POST', '/api/auth/verify', 'none', { Sessao, CodigoAutenticacao: await c.lastCode(s.document) });
  const token = (verified.json() as { AccessToken?: string }).AccessToken;
  if (verified.status !== 200 || !token) throw new Error(`verify for ${s.document}: HTTP ${verified.status}`);
  return token;
}

/**
 * A closed loop of `readers` concurrent readers, each running the read again as soon as it is answered, each time as
 * a subject drawn at random: `warmup` reads thrown away, then until `count` reads or `seconds` have passed.
 */
async function closedLoop(
  readers: number,
  stop: { count?: number; seconds?: number },
  warmup: { count?: number; seconds?: number },
  once: (excluded: { ms: number }, reader: number) => Promise<void>,
): Promise<ReadFigures> {
  const phase = async (limit: { count?: number; seconds?: number }, keep: boolean) => {
    const latencies: number[] = [];
    let started = 0;
    let errors = 0;
    let firstError: unknown;
    const t0 = performance.now();
    const end = limit.seconds === undefined ? Infinity : t0 + limit.seconds * 1000;
    const more = () => (limit.count === undefined || started < limit.count) && performance.now() < end;
    await Promise.all(
      Array.from({ length: readers }, async (_, reader) => {
        while (more()) {
          started++;
          const excluded = { ms: 0 };
          const t = performance.now();
          try {
            await once(excluded, reader);
            if (keep) latencies.push(performance.now() - t - excluded.ms);
          } catch (err) {
            errors++;
            firstError ??= err;
          }
        }
      }),
    );
    // A read that fails more than now and then is not being measured at all.
    if (errors > Math.max(5, started * 0.01))
      throw new Error(`${errors} of ${started} reads failed; first: ${(firstError as Error)?.message}`);
    return readFigures(latencies, (performance.now() - t0) / 1000, errors);
  };
  if (warmup.count || warmup.seconds) await phase(warmup, false);
  return phase(stop, true);
}

/**
 * The demo customer has 8 bills, a scale customer 36 months of them: older paid bills make the demo side's bill history
 * the same answer as the scale side's, so the 2× comparison weighs the database's size, not the answer's (ADR 083).
 */
async function billsLikeScale(db: Database, subjects: readonly Subject[]): Promise<void> {
  await sql`
    INSERT INTO bills (n_ctr_id, doc_due_date, doc_total, id_status, paid_at, created_at)
    SELECT b.n_ctr_id, d.due, 18990, 'P', d.due + time '12:00', d.due - 20
      FROM (SELECT n_ctr_id, min(doc_due_date) AS first_due, count(*)::int AS n FROM bills
             WHERE n_ctr_id = ANY(${subjects.map((x) => x.nCtrId)}::int[]) GROUP BY n_ctr_id) b
     CROSS JOIN LATERAL generate_series(1, ${SCALE_BILL_MONTHS}::int - b.n) AS m
     CROSS JOIN LATERAL (SELECT (b.first_due - m * interval '1 month')::date AS due) d`.execute(db);
}

/** One side of the comparison, ready to measure: its API running, its customers logged in. */
export interface Side {
  label: string;
  subjects: number;
  /** Why the data cannot serve the read (e.g. one queue page only: no keyset page), or undefined. */
  probe(read: ScaleRead): Promise<string | undefined>;
  /** `readers` = 1: `settings.scaleRequests` reads after 20 thrown away; more: `settings.duration` s after the warm-up. */
  measure(read: ScaleRead, readers: number): Promise<{ connections: number; figures: ReadFigures }>;
  sizes(): Promise<{ sizes: TableSize[]; databaseBytes: number }>;
  close(): Promise<void>;
}

/**
 * Starts the API (demo mode, limits raised for the logins) on `databaseUrl` and logs in up to
 * `settings.scaleSubjects` customers drawn at random. `ownDatabase`: a fresh throwaway database on that server (the
 * demo data); otherwise the given database as it is (the scale data).
 */
export async function openSide(
  s: Settings,
  cleanup: Cleanup,
  cpu: number | undefined,
  databaseUrl: string,
  ownDatabase: boolean,
): Promise<Side> {
  const env = { RATE_LIMIT_FACTOR: '1000', DATABASE_POOL_SIZE: '20' };
  let api: ApiUnderTest;
  if (ownDatabase) api = await startApi(s.root, databaseUrl, cleanup, cpu, env);
  else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guarita-bench-scale-'));
    const remove = () => rmSync(dir, { recursive: true, force: true });
    cleanup.add(`remove ${dir}`, remove, remove);
    api = await startApi(s.root, undefined, cleanup, cpu, env, { dataDir: dir, databaseUrl });
  }
  const db = await openPostgres(api.databaseUrl!, { max: 2 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 3 * Math.max(...SCALE_CONNECTIONS) });
  const close = async () => {
    agent.destroy();
    await db.destroy();
    api.rss.stop();
    await api.server.stop();
  };
  try {
    const subjects = await randomSubjects(db, s.scaleSubjects);
    if (ownDatabase) await billsLikeScale(db, subjects);
    for (const subject of subjects) subject.token = await logInSubject(api.base, agent, subject);
    const staff = await staffCookie(api.base);
    // Two logins of one customer at once would each read the other's code from the outbox: a login reader draws only
    // from its own share of the customers, and there are at most as many login readers as customers.
    const runner = (read: ScaleRead, readers: number) => (excluded: { ms: number }, reader: number) => {
      const share = read.kind === 'login' ? subjects.filter((_, i) => i % readers === reader) : subjects;
      const subject = share[Math.floor(Math.random() * share.length)]!;
      return read.run(client(api.base, agent, subject, staff, excluded), subject);
    };
    return {
      label: api.dbLabel,
      subjects: subjects.length,
      probe: async (read) => {
        try {
          await runner(read, 1)({ ms: 0 }, 0);
          return undefined;
        } catch (err) {
          return (err as Error).message;
        }
      },
      measure: async (read, asked) => {
        const readers = read.kind === 'login' ? Math.min(asked, subjects.length) : asked;
        // The abuse limits count every earlier login of the run (a row per hit, 15 minutes): thousands on the demo side's
        // four customers refuse codes (429) and slow the limiter's count. Each login measurement starts from none.
        if (read.kind === 'login') await sql`DELETE FROM rate_limit_hits`.execute(db);
        const figures =
          readers === 1
            ? await closedLoop(1, { count: s.scaleRequests }, { count: 20 }, runner(read, 1))
            : await closedLoop(readers, { seconds: s.duration }, { seconds: s.warmup }, runner(read, readers));
        return { connections: readers, figures };
      },
      sizes: () => tableSizes(db),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Both sides up at once (each idle while the other is loaded) and measured alternately, read by read and step by
 * step — demo, scale at one reader, then at 8, then at 32 — so the 2× comparison sees the same minutes of a shared
 * machine on both sides (as the ratios of issue 29 item 4).
 */
export async function measureBothSides(
  s: Settings,
  cleanup: Cleanup,
  cpu: number | undefined,
  demoServerUrl: string,
  scaleUrl: string,
  onRead: (demo: ReadResult, scale: ReadResult, sides: { demo: Side; scale: Side }) => void,
): Promise<{ demo: SideFigures; scale: SideFigures }> {
  const demo = await openSide(s, cleanup, cpu, demoServerUrl, true);
  try {
    const scale = await openSide(s, cleanup, cpu, scaleUrl, false);
    try {
      const reads = { demo: [] as ReadResult[], scale: [] as ReadResult[] };
      for (const read of SCALE_READS) {
        const d: ReadResult = { read, single: undefined, loaded: [], skipped: await demo.probe(read) };
        const c: ReadResult = { read, single: undefined, loaded: [], skipped: await scale.probe(read) };
        for (const readers of [1, ...SCALE_CONNECTIONS]) {
          for (const [side, r] of [
            [demo, d],
            [scale, c],
          ] as const) {
            if (r.skipped) continue;
            const m = await side.measure(read, readers);
            if (readers === 1) r.single = m.figures;
            else r.loaded.push(m);
          }
        }
        onRead(d, c, { demo, scale });
        reads.demo.push(d);
        reads.scale.push(c);
      }
      const figures = async (side: Side, list: ReadResult[]): Promise<SideFigures> => ({
        label: side.label,
        subjects: side.subjects,
        reads: list,
        ...(await side.sizes()),
      });
      return { demo: await figures(demo, reads.demo), scale: await figures(scale, reads.scale) };
    } finally {
      await scale.close();
    }
  } finally {
    await demo.close();
  }
}
