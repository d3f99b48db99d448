import { DEFAULT_PREFERENCES, type NotificationPreferences, type NotificationType } from '@guarita/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/db';

export interface NewNotification {
  customerId: number;
  key: string;
  type: NotificationType;
  title: string;
  body: string;
  target: 'sinistro' | 'suporte' | 'pagamentos' | 'mapa' | 'cadastro';
  nCtrId: number | null;
  caseNumber: string | null;
  precedence: number;
}

export interface DueJob {
  id: number;
  notificationId: number;
  channel: 'email';
  attempts: number;
  key: string;
}

/** Owner of notifications, notification_jobs and notification_preferences (ADR 005 table ownership). */
export class NotificationsRepository {
  async preferences(q: Executor, customerId: number): Promise<NotificationPreferences> {
    const r = await q
      .selectFrom('notification_preferences')
      .select(['email_pagamentos', 'email_solicitacoes', 'email_rastreador'])
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return r
      ? { email: { pagamentos: r.email_pagamentos, solicitacoes: r.email_solicitacoes, rastreador: r.email_rastreador } }
      : DEFAULT_PREFERENCES;
  }

  async savePreferences(q: Executor, customerId: number, p: NotificationPreferences): Promise<void> {
    const values = { email_pagamentos: p.email.pagamentos, email_solicitacoes: p.email.solicitacoes, email_rastreador: p.email.rastreador };
    await q
      .insertInto('notification_preferences')
      .values({ customer_id: customerId, ...values })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
      .execute();
  }

  /** Inserts the notification, or replaces a lower-precedence one with the same key; answers its id either way. */
  async upsert(q: Executor, n: NewNotification): Promise<number> {
    const values = {
      type: n.type,
      title: n.title,
      body: n.body,
      target: n.target,
      n_ctr_id: n.nCtrId,
      case_number: n.caseNumber,
      precedence: n.precedence,
    };
    await q
      .insertInto('notifications')
      .values({ customer_id: n.customerId, idempotency_key: n.key, ...values })
      .onConflict((oc) =>
        oc
          .column('idempotency_key')
          .doUpdateSet({ ...values, read_at: null })
          .where('notifications.precedence', '<', n.precedence),
      )
      .execute();
    const row = await q.selectFrom('notifications').select('id').where('idempotency_key', '=', n.key).executeTakeFirstOrThrow();
    return row.id;
  }

  async enqueue(q: Executor, notificationId: number, channel: 'email', key: string): Promise<void> {
    await q
      .insertInto('notification_jobs')
      .values({ notification_id: notificationId, channel, idempotency_key: key })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
  }

  /**
   * Claims up to `limit` due jobs: each gets one more attempt and its run_after pushed forward by the lease, in one
   * statement; SKIP LOCKED lets N workers claim side by side without taking the same job. A worker that dies
   * mid-send leaves the job to come back when the lease ends.
   */
  async claim(q: Executor, limit: number, leaseSeconds: number): Promise<DueJob[]> {
    // Raw SQL: UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) and now() + interval are not in the builder.
    const r = await sql<{ id: number; notification_id: number; channel: 'email'; attempts: number; idempotency_key: string }>`
      UPDATE notification_jobs SET attempts = attempts + 1, run_after = now() + make_interval(secs => ${leaseSeconds})
      WHERE id IN (
        SELECT id FROM notification_jobs WHERE status = 'pending' AND run_after <= now()
        ORDER BY run_after, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, notification_id, channel, attempts, idempotency_key`.execute(q);
    return r.rows.map((j) => ({
      id: Number(j.id),
      notificationId: j.notification_id,
      channel: j.channel,
      attempts: j.attempts,
      key: j.idempotency_key,
    }));
  }

  async finish(q: Executor, jobId: number, status: 'sent' | 'skipped', note: string | null = null): Promise<void> {
    await q
      .updateTable('notification_jobs')
      .set({ status, last_error: note, ...(status === 'sent' ? { sent_at: sql<Date>`now()` } : {}) })
      .where('id', '=', jobId)
      .execute();
  }

  async retryLater(q: Executor, jobId: number, error: string, delaySeconds: number | null): Promise<void> {
    await q
      .updateTable('notification_jobs')
      .set(
        delaySeconds === null
          ? { status: 'failed', last_error: error }
          : // Raw SQL: now() + interval on the database clock, which every instance shares.
            { last_error: error, run_after: sql<Date>`now() + make_interval(secs => ${delaySeconds})` },
      )
      .where('id', '=', jobId)
      .execute();
  }

  async content(q: Executor, id: number) {
    return q
      .selectFrom('notifications')
      .select(['id', 'customer_id', 'type', 'title', 'body', 'target', 'n_ctr_id', 'case_number'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async page(q: Executor, customerId: number, limit: number, before?: number) {
    let query = q
      .selectFrom('notifications')
      .select(['id', 'type', 'title', 'body', 'target', 'n_ctr_id', 'case_number', 'read_at', 'created_at'])
      .where('customer_id', '=', customerId);
    if (before !== undefined) query = query.where('id', '<', before);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  async unread(q: Executor, customerId: number): Promise<number> {
    const r = await q
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Ownership in the query: another customer's id marks nothing (false → 404). */
  async markRead(q: Executor, customerId: number, id: number): Promise<boolean> {
    const r = await q
      .updateTable('notifications')
      .set({ read_at: sql<Date>`COALESCE(read_at, now())` })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async markAllRead(q: Executor, customerId: number): Promise<void> {
    await q
      .updateTable('notifications')
      .set({ read_at: sql<Date>`now()` })
      .where('customer_id', '=', customerId)
      .where('read_at', 'is', null)
      .execute();
  }

  /**
   * The delivery queue as /metrics shows it: jobs waiting (pending), jobs whose time has come (due) and how long the
   * oldest due job has waited (lag, seconds; 0 when none is due). A claimed job's run_after is its lease's end, so a
   * job being sent is not counted as due.
   */
  async queueStats(q: Executor): Promise<{ pending: number; due: number; lagSeconds: number }> {
    // Raw SQL: count … FILTER and the database clock's interval arithmetic are not in the builder.
    const r = await sql<{ pending: number; due: number; lag: number | null }>`
      SELECT count(*) AS pending, count(*) FILTER (WHERE run_after <= now()) AS due,
             EXTRACT(EPOCH FROM now() - min(run_after) FILTER (WHERE run_after <= now()))::float8 AS lag
        FROM notification_jobs WHERE status = 'pending'`.execute(q);
    const row = r.rows[0];
    return { pending: Number(row?.pending ?? 0), due: Number(row?.due ?? 0), lagSeconds: Math.max(0, Number(row?.lag ?? 0)) };
  }

  /** Whether a notification with this key exists (the periodic scans skip what they already said). */
  async exists(q: Executor, key: string): Promise<boolean> {
    return Boolean(await q.selectFrom('notifications').select('id').where('idempotency_key', '=', key).executeTakeFirst());
  }
}
