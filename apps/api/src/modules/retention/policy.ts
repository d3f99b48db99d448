import { sql, type RawBuilder } from 'kysely';
import type { AppConfig } from '../../config';
import { DAY_BUCKET } from '../../lib/rate-limit';

/**
 * What is kept how long, per table (ADR 066). Each rule names the rows that may go; the job (./prune.ts) deletes them in
 * small batches. Tables not here are kept on purpose: customers, contracts and bills (the ERP's, as long as the
 * contract); payments (card_charges, pix_charges, payment_links, advance_requests, pix_late_payments: fiscal records,
 * at least 5 years); cases, claims and their files (the customer's own record, consumer-law claims run 5 years);
 * staff_audit (append-only, kept); reference data (plans, vehicles, FIPE); storage_pending (the upload sweep's own).
 */
export interface RetentionSettings {
  /** 0: no scheduled job (tests call `pruneAll` themselves). */
  intervalMs: number;
  /** Rows per DELETE: each statement holds its row locks for milliseconds. */
  batchSize: number;
  /** Expired login sessions and codes, token families and their refresh tokens, after expiry. */
  sessionsDays: number;
  /** Sign-on tokens and staff sessions: access records (who, from which address, when). */
  accessLogDays: number;
  notificationsDays: number;
  /** Delivery records of notification e-mails that are done (sent, failed, skipped). */
  deliveriesDays: number;
  analyticsDays: number;
  /** Raw tracker fixes and the trips drawn from them (ADR 032). */
  positionsDays: number;
  /** The limiter's short window (config.limits.windowSeconds): hits older than it count for nothing. */
  rateLimitWindowSeconds: number;
}

export function retentionSettings(config: AppConfig): RetentionSettings {
  const e = config.env;
  const on = e.RETENTION_JOB ?? !['test', 'bench'].includes(e.NODE_ENV);
  return {
    intervalMs: on ? e.RETENTION_INTERVAL_MINUTES * 60_000 : 0,
    batchSize: e.RETENTION_BATCH_SIZE,
    sessionsDays: e.RETENTION_SESSIONS_DAYS,
    accessLogDays: e.RETENTION_ACCESS_LOG_DAYS,
    notificationsDays: e.RETENTION_NOTIFICATIONS_DAYS,
    deliveriesDays: e.RETENTION_DELIVERIES_DAYS,
    analyticsDays: e.RETENTION_ANALYTICS_DAYS,
    positionsDays: e.RETENTION_POSITIONS_DAYS,
    rateLimitWindowSeconds: config.limits.windowSeconds,
  };
}

export interface RetentionRule {
  table: string;
  /** The rows that may go, as a condition on the table's columns (unqualified). */
  expired(now: Date, s: RetentionSettings): RawBuilder<boolean>;
  /**
   * Deleted contract by contract (`n_ctr_id = …` in front of the condition), so each batch is a range of the primary key
   * (n_ctr_id, ts) instead of a scan of the whole table (positions has no index on ts alone, ADR 032).
   */
  perContract?: boolean;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/** In order: rows that reference others go before the rows they reference (a cascade never deletes a big batch). */
export const RETENTION_RULES: RetentionRule[] = [
  // Sign-in: a login session lives minutes, a token family 30 days; after that they only explain past sign-ins.
  {
    table: 'login_codes',
    expired: (now, s) => sql<boolean>`session_id IN (SELECT id FROM login_sessions WHERE expires_at < ${daysBefore(now, s.sessionsDays)})`,
  },
  { table: 'login_sessions', expired: (now, s) => sql<boolean>`expires_at < ${daysBefore(now, s.sessionsDays)}` },
  {
    table: 'refresh_tokens',
    expired: (now, s) => sql<boolean>`family_id IN (SELECT id FROM token_families WHERE expires_at < ${daysBefore(now, s.sessionsDays)})`,
  },
  { table: 'token_families', expired: (now, s) => sql<boolean>`expires_at < ${daysBefore(now, s.sessionsDays)}` },
  // Useless the moment they expire (the existing prune timers' rules, now batched).
  { table: 'login_decoy_sessions', expired: (now) => sql<boolean>`expires_at < ${now}` },
  { table: 'contact_captcha_spent', expired: (now) => sql<boolean>`expires_at < ${now}` },
  { table: 'idempotency_keys', expired: (now) => sql<boolean>`created_at < ${daysBefore(now, 1)}` },
  { table: 'plan_quotations', expired: (now) => sql<boolean>`expires_at < ${daysBefore(now, 1)}` },
  {
    table: 'rate_limit_hits',
    expired: (now, s) =>
      sql<boolean>`(hit_at < ${daysBefore(now, 1)} OR (hit_at < ${secondsBefore(now, s.rateLimitWindowSeconds)} AND bucket NOT LIKE ${`${DAY_BUCKET}%`}))`,
  },
  // Demo mode's outbox: a login code is worth minutes.
  { table: 'dev_outbox', expired: (now) => sql<boolean>`created_at < ${daysBefore(now, 1)}` },
  // Access records (Marco Civil da Internet art. 15 asks for 6 months of application access logs).
  { table: 'sso_tokens', expired: (now, s) => sql<boolean>`created_at < ${daysBefore(now, s.accessLogDays)}` },
  { table: 'staff_sessions', expired: (now, s) => sql<boolean>`last_seen_at < ${daysBefore(now, s.accessLogDays)}` },
  // The bell: old news, and personal data (what happened to whom).
  {
    table: 'notification_jobs',
    expired: (now, s) =>
      sql<boolean>`(status <> 'pending' AND created_at < ${daysBefore(now, s.deliveriesDays)}) OR notification_id IN (SELECT id FROM notifications WHERE created_at < ${daysBefore(now, s.notificationsDays)})`,
  },
  { table: 'notifications', expired: (now, s) => sql<boolean>`created_at < ${daysBefore(now, s.notificationsDays)}` },
  { table: 'analytics_events', expired: (now, s) => sql<boolean>`created_at < ${daysBefore(now, s.analyticsDays)}` },
  // Where a customer's car was: the largest table by far, and the most revealing.
  { table: 'positions', perContract: true, expired: (now, s) => sql<boolean>`ts < ${daysBefore(now, s.positionsDays)}` },
  { table: 'trips', perContract: true, expired: (now, s) => sql<boolean>`started_at < ${daysBefore(now, s.positionsDays)}` },
];
