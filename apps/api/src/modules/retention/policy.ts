import { sql, type RawBuilder } from 'kysely';
import type { AppConfig } from '../../config';
import { DAY_BUCKET } from '../../lib/rate-limit';

/**
 * What is kept how long, per table (ADR 066). Each rule names the rows that may go; the job (./prune.ts) deletes them in
 * small batches. Every other table is kept on purpose, for the reason `KEPT_TABLES` gives (test/retention.test.ts fails
 * on a table in neither list, so a new table gets a decision).
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

/** Days a periodic job's record (job_runs) is kept. */
export const JOB_RUNS_DAYS = 30;

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
  // A passkey ceremony's challenge (ADR 089): a used one is deleted as it is read, an abandoned one is worthless once expired.
  { table: 'passkey_challenges', expired: (now) => sql<boolean>`expires_at < ${now}` },
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
  // Resumable uploads (ADR 092): an unfinished one expires 24 h after its creation (tus Upload-Expires), a finished one
  // 24 h after finishing (expires_at moves then). Chunks first: a cascade never deletes a big batch.
  { table: 'upload_chunks', expired: (now) => sql<boolean>`upload_id IN (SELECT id FROM uploads WHERE expires_at < ${now})` },
  { table: 'uploads', expired: (now) => sql<boolean>`expires_at < ${now}` },
  // Who had a case open (ADR 086): a row counts for 30 s; one left by a closed tab is only noise after a day.
  { table: 'case_presence', expired: (now) => sql<boolean>`seen_at < ${daysBefore(now, 1)}` },
  // Which instance ran which periodic pass (ADR 079): only the current period's row matters; a month explains incidents.
  { table: 'job_runs', expired: (now) => sql<boolean>`started_at < ${daysBefore(now, JOB_RUNS_DAYS)}` },
];

const PAYMENT_RECORD = 'a payment record: fiscal, at least 5 years (CTN art. 173/174); deleting after the term is a yearly DPO decision';
const PROVIDER_BOOKS =
  "the built-in provider's own books (card sandbox, Pix sandbox PSP): empty unless it is the configured provider (demo, staging), then the other side of a payment record";
const CUSTOMER_RECORD = "the customer's own record: consumer claims run 5 years (CDC art. 27)";
const ERP = "the ERP's (customers, contracts, bills): kept for the contract's life";
const REFERENCE = 'reference data, not personal';

/**
 * The tables no rule prunes, and why (ADR 066, "Kept, on purpose"). Erasing a customer on request (LGPD art. 18 VI) is a
 * back-office procedure, not this job.
 */
export const KEPT_TABLES: Record<string, string> = {
  // Issue 31 (ADR 089): a public key and a counter, nothing secret; it goes when its owner removes it (Cadastro) or with
  // the account (ON DELETE CASCADE). An unused passkey is the customer's to remove: the list shows when each was last used.
  passkeys: 'a login credential the customer (or staff member) keeps until they remove it, or the account goes',
  customers: ERP,
  addresses: ERP,
  contracts: ERP,
  contract_items: ERP,
  contract_sub_items: ERP,
  bills: ERP,
  card_charges: PAYMENT_RECORD,
  pix_charges: PAYMENT_RECORD,
  payment_links: PAYMENT_RECORD,
  advance_requests: PAYMENT_RECORD,
  pix_late_payments: PAYMENT_RECORD,
  // Issue 27's payments (migrations 016–020): the outcome of a 3-D Secure challenge, refunds, what providers said,
  // Pix Automático's authorisations and charges, a card charge sent with no answer yet.
  card_actions: PAYMENT_RECORD,
  payment_refunds: PAYMENT_RECORD,
  payment_provider_events: `${PAYMENT_RECORD}; card data is stripped before it is stored (ADR 078)`,
  pix_recurrences: PAYMENT_RECORD,
  pix_recurring_charges: PAYMENT_RECORD,
  card_charge_attempts: PAYMENT_RECORD,
  card_sandbox_keys: PROVIDER_BOOKS,
  card_sandbox_vault: PROVIDER_BOOKS,
  card_sandbox_payments: PROVIDER_BOOKS,
  card_sandbox_refunds: PROVIDER_BOOKS,
  card_sandbox_links: PROVIDER_BOOKS,
  pix_sandbox_refunds: PROVIDER_BOOKS,
  sandbox_pix_recs: PROVIDER_BOOKS,
  sandbox_pix_cobrs: PROVIDER_BOOKS,
  sandbox_webhook_deliveries: PROVIDER_BOOKS,
  cases: CUSTOMER_RECORD,
  case_comments: CUSTOMER_RECORD,
  case_attachments: CUSTOMER_RECORD,
  case_events: CUSTOMER_RECORD,
  case_staff_notes: CUSTOMER_RECORD,
  case_number_counters: 'one counter per year',
  claims: CUSTOMER_RECORD,
  claim_photos: CUSTOMER_RECORD,
  // Issue 30's console tables (migrations 027, 028, 030).
  case_assignments: `${CUSTOMER_RECORD} (who works the case, one row per case)`,
  case_sla_targets: `${REFERENCE} (a target time per Reason)`,
  canned_replies: `${REFERENCE} (the desk's reply texts)`,
  referrals: "the ERP's (the plan view's referrals of a contract)",
  notification_preferences: "the customer's choice, one row per customer",
  staff: 'the staff accounts (disabled, never deleted: the audit log names them)',
  staff_audit: 'append-only (a trigger refuses deletes): who saw and changed what',
  storage_pending: 'the upload sweep keeps it empty (ADR 035)',
  executives: REFERENCE,
  claim_photo_types: REFERENCE,
  plan_catalogue: REFERENCE,
  plan_items: REFERENCE,
  plan_towing_options: REFERENCE,
  plan_prices: REFERENCE,
  vehicle_brands: REFERENCE,
  vehicle_models: REFERENCE,
  vehicle_plates: REFERENCE,
  kysely_migration: 'the migrations applied',
  kysely_migration_lock: 'the migrations applied',
  migration_checksums: 'the migrations applied',
};
