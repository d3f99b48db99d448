import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { JOB_RUNS_DAYS, KEPT_TABLES, RETENTION_RULES, retentionSettings, type RetentionSettings } from '../src/modules/retention/policy';
import { pruneAll } from '../src/modules/retention/prune';

/**
 * Issue 28 item 8 (ADR 066): one pass of the housekeeping job deletes every row older than the policy and keeps every
 * younger one, table by table, on PGlite and (with DATABASE_URL) on PostgreSQL as the runtime role.
 */
describe('retention', () => {
  let t: TestApp;
  let settings: RetentionSettings;
  let customer: number;
  let staff: number;
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
  const count = async (table: string, where: string) =>
    (await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    settings = retentionSettings(t.config);
    customer = (await t.query<{ id: number }>('SELECT id FROM customers ORDER BY id LIMIT 1'))[0]!.id;
    staff = (await t.query<{ id: number }>('SELECT id FROM staff ORDER BY id LIMIT 1'))[0]!.id;
  }, 180_000); // a whole app on a busy machine
  afterAll(() => t?.close());

  /** An upload (unfinished, old: expired a minute ago; young: expires in a minute), with one chunk if asked. */
  const upload = async (tag: 'old' | 'young', chunk: boolean) => {
    const expires = new Date(now.getTime() + (tag === 'old' ? -60_000 : 60_000)).toISOString();
    const [u] = await t.query<{ id: string }>(
      `INSERT INTO uploads (id, customer_id, destino, metadata, upload_length, expires_at)
       VALUES (gen_random_uuid(), $1, 'anexo', $2, 10, $3) RETURNING id`,
      [customer, JSON.stringify({ contrato: 100101, ret: tag }), expires],
    );
    if (chunk) await t.query(`INSERT INTO upload_chunks (upload_id, chunk_offset, bytes) VALUES ($1, 0, '\\x00')`, [u!.id]);
  };

  /** Per table: rows of an age just past the policy (`old`) and just inside it (`young`), marked by their key. */
  const cases: Array<{ table: string; marker: string; insert: (tag: 'old' | 'young') => Promise<unknown> }> = [
    {
      table: 'login_sessions',
      marker: "id LIKE 'ret-%'",
      insert: async (tag) => {
        const exp = tag === 'old' ? ago(settings.sessionsDays + 1) : ago(settings.sessionsDays - 1);
        await t.query('INSERT INTO login_sessions (id, customer_id, created_at, expires_at) VALUES ($1, $2, $3, $3)', [
          `ret-${tag}`,
          customer,
          exp,
        ]);
        await t.query(`INSERT INTO login_codes (session_id, code_hash, channel, expires_at, created_at) VALUES ($1, 'h', 'sms', $2, $2)`, [
          `ret-${tag}`,
          exp,
        ]);
      },
    },
    { table: 'login_codes', marker: "session_id LIKE 'ret-%'", insert: async () => {} },
    {
      table: 'token_families',
      marker: "id LIKE 'ret-%'",
      insert: async (tag) => {
        const exp = tag === 'old' ? ago(settings.sessionsDays + 1) : ago(settings.sessionsDays - 1);
        await t.query('INSERT INTO token_families (id, customer_id, created_at, expires_at) VALUES ($1, $2, $3, $3)', [
          `ret-${tag}`,
          customer,
          exp,
        ]);
        for (const i of [1, 2, 3])
          await t.query('INSERT INTO refresh_tokens (token_hash, family_id, created_at) VALUES ($1, $2, $3)', [
            `ret-${tag}-${i}`,
            `ret-${tag}`,
            exp,
          ]);
      },
    },
    { table: 'refresh_tokens', marker: "family_id LIKE 'ret-%'", insert: async () => {} },
    {
      table: 'login_decoy_sessions',
      marker: "id LIKE 'ret-%'",
      insert: (tag) =>
        t.query('INSERT INTO login_decoy_sessions (id, document, expires_at) VALUES ($1, $2, $3)', [
          `ret-${tag}`,
          '00000000000',
          tag === 'old' ? minutesAgo(1) : minutesAgo(-10),
        ]),
    },
    {
      table: 'passkey_challenges',
      marker: "binding LIKE 'ret-%'",
      insert: (tag) =>
        t.query('INSERT INTO passkey_challenges (binding, challenge, expires_at) VALUES ($1, $2, $3)', [
          `ret-${tag}`,
          'c',
          tag === 'old' ? minutesAgo(1) : minutesAgo(-10),
        ]),
    },
    {
      table: 'contact_captcha_spent',
      marker: "nonce LIKE 'ret-%'",
      insert: (tag) =>
        t.query('INSERT INTO contact_captcha_spent (nonce, expires_at) VALUES ($1, $2)', [
          `ret-${tag}`,
          tag === 'old' ? minutesAgo(1) : minutesAgo(-10),
        ]),
    },
    {
      table: 'idempotency_keys',
      marker: "idem_key LIKE 'ret-%'",
      insert: (tag) =>
        t.query(`INSERT INTO idempotency_keys (customer_id, idem_key, scope, request_hash, created_at) VALUES ($1, $2, 'pix', 'h', $3)`, [
          customer,
          `ret-${tag}`,
          tag === 'old' ? ago(1.01) : ago(0.99),
        ]),
    },
    {
      table: 'rate_limit_hits',
      marker: "bucket LIKE '%ret-%'",
      insert: async (tag) => {
        const window = settings.rateLimitWindowSeconds / 60;
        // A short-window bucket counts for its window; a day bucket for 24 hours.
        await t.query('INSERT INTO rate_limit_hits (bucket, hit_at) VALUES ($1, $2)', [
          `ip:ret-${tag}`,
          minutesAgo(tag === 'old' ? window + 1 : window - 1),
        ]);
        await t.query('INSERT INTO rate_limit_hits (bucket, hit_at) VALUES ($1, $2)', [
          `day:ret-${tag}`,
          tag === 'old' ? ago(1.01) : minutesAgo(window + 1),
        ]);
      },
    },
    {
      table: 'dev_outbox',
      marker: "to_addr LIKE 'ret-%'",
      insert: (tag) =>
        t.query(`INSERT INTO dev_outbox (channel, to_addr, subject, body, created_at) VALUES ('sms', $1, '', '', $2)`, [
          `ret-${tag}`,
          tag === 'old' ? ago(1.01) : ago(0.99),
        ]),
    },
    {
      table: 'sso_tokens',
      marker: "token_hash LIKE 'ret-%'",
      insert: (tag) =>
        t.query(
          `INSERT INTO sso_tokens (token_hash, customer_id, issued_to, issuer_ip, created_at, expires_at) VALUES ($1, $2, 'crm', '192.0.2.1', $3, $3)`,
          [`ret-${tag}`, customer, tag === 'old' ? ago(settings.accessLogDays + 1) : ago(settings.accessLogDays - 1)],
        ),
    },
    {
      table: 'staff_sessions',
      marker: "id LIKE 'ret-%'",
      insert: (tag) =>
        t.query('INSERT INTO staff_sessions (id, staff_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
          `ret-${tag}`,
          staff,
          tag === 'old' ? ago(settings.accessLogDays + 1) : ago(settings.accessLogDays - 1),
        ]),
    },
    {
      table: 'notifications',
      marker: "idempotency_key LIKE 'ret-%'",
      insert: async (tag) => {
        const at = tag === 'old' ? ago(settings.notificationsDays + 1) : ago(settings.notificationsDays - 1);
        const [n] = await t.query<{ id: number }>(
          `INSERT INTO notifications (customer_id, idempotency_key, type, title, body, target, n_ctr_id, created_at)
           VALUES ($1, $2, 'fase', 't', 'b', 'suporte', 100101, $3) RETURNING id`,
          [customer, `ret-${tag}`, at],
        );
        // Its e-mail (pending: goes with its notification only), and a delivery record done long enough ago.
        await t.query(
          `INSERT INTO notification_jobs (notification_id, channel, idempotency_key, created_at) VALUES ($1, 'email', $2, $3)`,
          [n!.id, `ret-${tag}:email`, at],
        );
      },
    },
    {
      table: 'notification_jobs',
      marker: "idempotency_key LIKE 'ret-%'",
      insert: async (tag) => {
        const [n] = await t.query<{ id: number }>(
          `INSERT INTO notifications (customer_id, idempotency_key, type, title, body, target, n_ctr_id)
           VALUES ($1, $2, 'fase', 't', 'b', 'suporte', 100101) RETURNING id`,
          [customer, `ret2-${tag}`],
        );
        await t.query(
          `INSERT INTO notification_jobs (notification_id, channel, idempotency_key, status, created_at) VALUES ($1, 'email', $2, 'sent', $3)`,
          [n!.id, `ret-${tag}:sent`, tag === 'old' ? ago(settings.deliveriesDays + 1) : ago(settings.deliveriesDays - 1)],
        );
      },
    },
    {
      table: 'analytics_events',
      marker: "name LIKE 'ret-%'",
      insert: (tag) =>
        t.query('INSERT INTO analytics_events (name, customer_id, created_at) VALUES ($1, $2, $3)', [
          `ret-${tag}`,
          customer,
          tag === 'old' ? ago(settings.analyticsDays + 1) : ago(settings.analyticsDays - 1),
        ]),
    },
    {
      table: 'positions',
      marker: "n_ctr_id = 100101 AND ts < now() - interval '200 days'", // the demo's fixes are hours old
      insert: (tag) =>
        t.query('INSERT INTO positions (n_ctr_id, ts, lat, lng, ign) VALUES (100101, $1, -19.9, -43.9, true)', [
          tag === 'old' ? ago(settings.positionsDays + 1) : ago(settings.positionsDays - 1),
        ]),
    },
    {
      table: 'trips',
      marker: "start_address LIKE 'ret-%'",
      insert: (tag) => {
        const at = tag === 'old' ? ago(settings.positionsDays + 1) : ago(settings.positionsDays - 1);
        return t.query('INSERT INTO trips (n_ctr_id, started_at, ended_at, start_address, end_address) VALUES (100101, $1, $1, $2, $2)', [
          at,
          `ret-${tag}`,
        ]);
      },
    },
    // Resumable uploads (ADR 092): expires_at is 24 h after creation (unfinished) or after finishing (finished).
    {
      table: 'uploads',
      marker: "metadata->>'ret' IS NOT NULL",
      insert: (tag) => upload(tag, false),
    },
    {
      table: 'upload_chunks',
      marker: "upload_id IN (SELECT id FROM uploads WHERE metadata->>'ret' IS NOT NULL)",
      insert: (tag) => upload(tag, true),
    },
    {
      table: 'case_presence',
      marker: "case_id LIKE 'ret-%'",
      insert: async (tag) => {
        await t.query(
          `INSERT INTO cases (id, case_number, n_ctr_id, customer_id, request_type, reason, subject, description, status, phase)
           SELECT $1, $2, n_ctr_id, customer_id, 'ouvidoria', 'SAC', 'Ouvidoria', 'retenção', 'New', 'Análise' FROM contracts WHERE n_ctr_id = 100101`,
          [`ret-${tag}`, `1998-ret-${tag}`],
        );
        return t.query('INSERT INTO case_presence (case_id, staff_id, seen_at) SELECT $1, min(id), $2 FROM staff', [
          `ret-${tag}`,
          tag === 'old' ? ago(1.01) : ago(0.99),
        ]);
      },
    },
    {
      table: 'job_runs',
      marker: "job LIKE 'ret-%'",
      insert: (tag) => {
        const at = tag === 'old' ? ago(JOB_RUNS_DAYS + 1) : ago(JOB_RUNS_DAYS - 1);
        return t.query(
          `INSERT INTO job_runs (job, period_start, instance, started_at, lease_until, finished_at, outcome) VALUES ($1, $2, 'i', $2, $2, $2, 'done')`,
          [`ret-${tag}`, at],
        );
      },
    },
  ];

  it('every rule of the policy is tested here', () => {
    expect(RETENTION_RULES.map((r) => r.table).sort()).toEqual(
      [...cases.map((c) => c.table), 'plan_quotations'].sort(), // plan_quotations: its own test below
    );
  });

  it('every table of the schema is pruned by a rule or kept on purpose, with a reason (a new table gets a decision)', async () => {
    const tables = await t.query<{ table_name: string }>(
      // A partition (positions' months, ADR 080) is decided with its parent table.
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
         AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition AND relnamespace = to_regnamespace(current_schema()))`,
    );
    const pruned = new Set(RETENTION_RULES.map((r) => r.table));
    const undecided = tables.map((r) => r.table_name).filter((name) => !pruned.has(name) && !KEPT_TABLES[name]);
    expect(undecided).toEqual([]);
    for (const table of pruned) expect(KEPT_TABLES).not.toHaveProperty(table);
    // The payments of issue 27 (migrations 016–019) are among them: kept as payment records or the sandbox's books.
    for (const table of ['card_actions', 'payment_refunds', 'payment_provider_events', 'pix_recurring_charges', 'card_sandbox_vault'])
      expect(tables.map((r) => r.table_name)).toContain(table);
  });

  it('one pass deletes the rows past the policy and keeps the rows inside it, table by table; the audit log stays', async () => {
    for (const c of cases) for (const tag of ['old', 'young'] as const) await c.insert(tag);
    const audit = await count('staff_audit', 'true');
    const before = Object.fromEntries(await Promise.all(cases.map(async (c) => [c.table, await count(c.table, c.marker)] as const)));

    const deleted = await pruneAll(t.db, settings, now);

    for (const c of cases) {
      const left = await count(c.table, c.marker);
      // Half of what was inserted goes: the old rows; the young ones are all still there.
      expect({ table: c.table, left }).toEqual({ table: c.table, left: before[c.table]! / 2 });
      expect(deleted[c.table], c.table).toBeGreaterThanOrEqual(before[c.table]! / 2);
    }
    const young = (table: string, where: string) => count(table, where);
    expect(await young('login_sessions', "id = 'ret-young'")).toBe(1);
    expect(await young('refresh_tokens', "family_id = 'ret-young'")).toBe(3);
    expect(await young('rate_limit_hits', "bucket = 'day:ret-young'")).toBe(1);
    expect(await young('notification_jobs', "idempotency_key LIKE 'ret-young:email'")).toBe(1);
    expect(await count('staff_audit', 'true')).toBe(audit);
  });

  it('plan quotations go a day after they expire', async () => {
    const quote = (id: string, expires: string) =>
      t.query(
        `INSERT INTO plan_quotations (id, customer_id, n_ctr_id, id_plan_atual, id_plano, payment_type, fipe_code, vehicle_type,
           initial_value_cents, installments, installment_cents, quote, expires_at)
         SELECT $1, customer_id, n_ctr_id, 'a', 'b', 'M', '0', 'car', 0, 1, 0, '{}', $2 FROM contracts WHERE n_ctr_id = 100101`,
        [id, expires],
      );
    await quote('ret-q-old', ago(1.01));
    await quote('ret-q-young', ago(0.99));
    await pruneAll(t.db, settings, now);
    expect(await count('plan_quotations', "id LIKE 'ret-q-%'")).toBe(1);
    expect(await count('plan_quotations', "id = 'ret-q-young'")).toBe(1);
  });

  it('deletes in batches until nothing old is left, and stops between batches when the app closes', async () => {
    const small = { ...settings, batchSize: 100 };
    const rules = RETENTION_RULES.filter((r) => r.table === 'positions');
    const fill = () =>
      t.query(
        `INSERT INTO positions (n_ctr_id, ts, lat, lng, ign)
         SELECT n, $1::timestamptz - make_interval(mins => i), -19.9, -43.9, true
         FROM unnest(ARRAY[100101, 100102]) AS n, generate_series(1, 250) AS i`,
        [ago(settings.positionsDays + 10)],
      );
    await pruneAll(t.db, small, now, { rules }); // no old position another test left
    await fill();
    expect(await pruneAll(t.db, small, now, { rules })).toEqual({ positions: 500 });
    expect(await count('positions', `ts < '${ago(settings.positionsDays)}'`)).toBe(0);

    await fill();
    let batches = 0;
    const stopped = () => ++batches > 2; // closing after the second batch
    const first = await pruneAll(t.db, small, now, { rules, stopped });
    expect(first.positions).toBeLessThan(500);
    expect(await count('positions', `ts < '${ago(settings.positionsDays)}'`)).toBe(500 - first.positions!);
    // What the stopped pass left is finished, so no other test of the file finds these old rows.
    await pruneAll(t.db, small, now, { rules });
  });

  it('outside the tests the job is on, every 10 minutes; RETENTION_JOB=false turns it off', () => {
    const c = (env: Record<string, string>) => retentionSettings({ ...t.config, env: { ...t.config.env, ...env } as typeof t.config.env });
    expect(settings.intervalMs).toBe(0);
    expect(c({ NODE_ENV: 'production' }).intervalMs).toBe(600_000);
    expect(c({ NODE_ENV: 'development' }).intervalMs).toBe(600_000);
    expect(c({ NODE_ENV: 'bench' }).intervalMs).toBe(0);
    expect(retentionSettings({ ...t.config, env: { ...t.config.env, NODE_ENV: 'production', RETENTION_JOB: false } }).intervalMs).toBe(0);
  });
});
