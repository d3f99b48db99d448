import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/db';
import { PeriodicJobs } from './lib/periodic-jobs';
import { RateLimiter } from './lib/rate-limit';
import type { CardGateway } from './ports/card-gateway';
import { SandboxCardGateway, sandboxRoutes } from './ports/card-sandbox';
import { adyenGatewayFromEnv } from './ports/adyen';
import { systemClock, type Clock } from './ports/clock';
import { ChannelNotifier, HttpSmsNotifier, OutboxNotifier, SmtpNotifier, type Notifier } from './ports/notifier';
import { pixPspFromConfig } from './ports/api-pix';
import type { PixPsp } from './ports/pix-psp';
import type { PixRecurrencePsp } from './ports/pix-automatico';
import { defaultPixRecurrencePsp } from './ports/pix-automatico-sandbox';
import { WebhookRefusedError } from './ports/sandbox-webhooks';
import { TableAnalytics, type Analytics } from './ports/analytics';
import { LocalDiskStorage, type FileStorage } from './ports/storage';
import { S3Storage } from './ports/s3-storage';
import { BuiltInCepTable, ViaCepLookup, type CepLookup } from './ports/cep';
import { BuiltInCaseSystem, type CaseSystem } from './modules/cases';
import { BuiltInVehicleData, type VehicleData } from './ports/vehicle-data';
import { NotificationOutbox } from './modules/notifications/outbox';

/**
 * The composition root: every port is built here, once, from configuration, and published as a typed
 * decorator. Modules declare `dependencies: ['ports']` and take only what they use (ADR 005).
 * A new port: add it to `Ports`, build its default here, decorate it.
 */
export interface Ports {
  clock?: Clock;
  notifier?: Notifier;
  cardGateway?: CardGateway;
  /** null: Pix is not configured (outside demo mode without PIX_KEY) and Pix routes answer 503. */
  pixPsp?: PixPsp | null;
  /** Pix Automático (ADR 077); null: not configured, its routes answer 503. Demo mode: the sandbox. */
  pixRecurrencePsp?: PixRecurrencePsp | null;
  // cases (issue 9)
  caseSystem?: CaseSystem;
  fileStorage?: FileStorage;
  analytics?: Analytics;
  /** Address (CEP) lookup: built-in table, or ViaCEP when VIACEP_URL is set. */
  cepLookup?: CepLookup;
  /** Plate lookup and FIPE brands/models (issue 12); built-in: migration 010's tables. */
  vehicleData?: VehicleData;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    clock: Clock;
    notifier: Notifier;
    /** Demo-mode outbox (null outside demo mode): what the notifier would have sent. */
    outbox: OutboxNotifier | null;
    cardGateway: CardGateway;
    pixPsp: PixPsp | null;
    /** Sliding-window abuse limits kept in the database (shared by N instances). */
    limiter: RateLimiter;
    /** Runs a periodic job's pass once per period across all instances (job_runs, ADR 079). */
    periodicJobs: PeriodicJobs;
    /** The CRM of the spec; built-in: cases in our own database (issue 9). */
    caseSystem: CaseSystem;
    /** Uploads; built-in: local disk under UPLOADS_DIR (default DATA_DIR/uploads). */
    fileStorage: FileStorage;
    /** Product analytics (support_sent…); built-in: the analytics_events table. */
    analytics: Analytics;
    /** CEP → address; built-in: a table of real CEPs (every capital, the demo addresses); ViaCEP when configured. */
    cepLookup: CepLookup;
    /** Plate lookup and FIPE brands/models; built-in: reference tables of demo plates and real FIPE names. */
    vehicleData: VehicleData;
    /** Customer notifications' transactional outbox (issue 13 §3): modules write notifications in their own transactions. */
    notificationOutbox: NotificationOutbox;
  }
}

export interface CompositionOptions {
  db: Database;
  config: AppConfig;
  /** Tests and deployments may pass their own adapters; the rest are built from configuration. */
  ports?: Ports;
}

export default fp(
  async (app, { db, config, ports = {} }: CompositionOptions) => {
    const clock = ports.clock ?? systemClock;
    const outbox = config.demoMode ? new OutboxNotifier(db, (line) => app.log.info(line)) : null;
    app.decorate('db', db);
    app.decorate('config', config);
    app.decorate('clock', clock);
    app.decorate('outbox', outbox);
    app.decorate('notifier', ports.notifier ?? defaultNotifier(config, outbox));
    app.decorate('cardGateway', ports.cardGateway ?? (await defaultCardGateway(app, db, config, clock)));
    // PIX_PSP (ADR 076): the static BR Code by default, or a PSP's API Pix over mTLS.
    app.decorate(
      'pixPsp',
      ports.pixPsp !== undefined ? ports.pixPsp : pixPspFromConfig(config, db, (close) => app.addHook('onClose', close)),
    );
    app.decorate(
      'pixRecurrencePsp',
      ports.pixRecurrencePsp !== undefined ? ports.pixRecurrencePsp : defaultPixRecurrencePsp(db, config, clock),
    );
    app.decorate('limiter', new RateLimiter(db, config.limits.windowSeconds));
    app.decorate('periodicJobs', new PeriodicJobs(db, clock, app.log));
    // Notifications (issue 13 §3): built first, because the case system tells it of every case event.
    const notificationOutbox = new NotificationOutbox();
    app.decorate('notificationOutbox', notificationOutbox);
    // cases (issue 9)
    app.decorate(
      'caseSystem',
      ports.caseSystem ?? new BuiltInCaseSystem(db, (q, customerId, f) => notificationOutbox.caseEvent(q, customerId, f)),
    );
    app.decorate('fileStorage', ports.fileStorage ?? defaultFileStorage(config));
    app.decorate('analytics', ports.analytics ?? new TableAnalytics());
    const { VIACEP_URL, CEP_LOOKUP_TIMEOUT_MS } = config.env;
    app.decorate(
      'cepLookup',
      ports.cepLookup ?? (VIACEP_URL ? new ViaCepLookup({ baseUrl: VIACEP_URL, timeoutMs: CEP_LOOKUP_TIMEOUT_MS }) : new BuiltInCepTable()),
    );
    app.decorate('vehicleData', ports.vehicleData ?? new BuiltInVehicleData(db));
  },
  { name: 'ports' },
);

function defaultNotifier(config: AppConfig, outbox: OutboxNotifier | null): Notifier {
  const { SMTP_URL, MAIL_FROM, SMS_PROVIDER_URL, SMS_PROVIDER_TOKEN } = config.env;
  const email = SMTP_URL ? new SmtpNotifier(SMTP_URL, MAIL_FROM) : outbox;
  const sms = SMS_PROVIDER_URL ? new HttpSmsNotifier(SMS_PROVIDER_URL, SMS_PROVIDER_TOKEN) : outbox;
  if (!email || !sms) throw new Error('Outside demo mode, SMTP_URL and SMS_PROVIDER_URL must be configured');
  return new ChannelNotifier({ email, sms });
}

/**
 * The card provider (CARD_GATEWAY, issue 27): Adyen's Checkout API, or the built-in sandbox with its key pair, vault
 * and ledger in the database, its own pages (/sandbox/*, only when it is the gateway) and its HMAC-signed webhooks
 * delivered to our webhook route in-process. Production refuses an unset CARD_GATEWAY (config.ts).
 */
async function defaultCardGateway(app: FastifyInstance, db: Database, config: AppConfig, clock: Clock): Promise<CardGateway> {
  const e = config.env;
  // The four keys, the live prefix, ADYEN_CHECKOUT_URL and ADYEN_TIMEOUT_MS (ADR 075); throws when one is missing.
  if (e.CARD_GATEWAY === 'adyen') return adyenGatewayFromEnv(e);
  const sandbox = new SandboxCardGateway(db, { publicUrl: e.PUBLIC_URL, now: () => clock.now() });
  await sandbox.init();
  sandbox.setDelivery(async (payload, headers) => {
    const r = await app.inject({ method: 'POST', url: '/api/payments/card/webhook', payload, headers });
    if (r.statusCode >= 300) throw new WebhookRefusedError(r.statusCode); // retried later (ADR 081)
  });
  app.addHook('onClose', () => sandbox.drain());
  await app.register(sandboxRoutes(sandbox));
  return sandbox;
}

/** Uploads: S3-compatible object storage when S3_BUCKET is set (N instances share it), else local disk under DATA_DIR. */
function defaultFileStorage(config: AppConfig): FileStorage {
  const e = config.env;
  if (e.S3_BUCKET) {
    if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) throw new Error('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    return new S3Storage({
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    });
  }
  return new LocalDiskStorage(path.resolve(e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')));
}
