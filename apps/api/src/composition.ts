import fp from 'fastify-plugin';
import type { AppConfig } from './config';
import type { Database } from './db/db';
import { RateLimiter } from './lib/rate-limit';
import { SandboxCardGateway, type CardGateway } from './ports/card-gateway';
import { systemClock, type Clock } from './ports/clock';
import { ChannelNotifier, HttpSmsNotifier, OutboxNotifier, SmtpNotifier, type Notifier } from './ports/notifier';
import { StaticBrCodePixPsp, pixReceiver, type PixPsp } from './ports/pix-psp';

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
    const outbox = config.demoMode ? new OutboxNotifier(db) : null;
    const receiver = pixReceiver(config);
    app.decorate('db', db);
    app.decorate('config', config);
    app.decorate('clock', clock);
    app.decorate('outbox', outbox);
    app.decorate('notifier', ports.notifier ?? defaultNotifier(config, outbox));
    app.decorate('cardGateway', ports.cardGateway ?? new SandboxCardGateway({ publicUrl: config.env.PUBLIC_URL }));
    app.decorate('pixPsp', ports.pixPsp !== undefined ? ports.pixPsp : receiver ? new StaticBrCodePixPsp(receiver) : null);
    app.decorate('limiter', new RateLimiter(db, config.limits.windowSeconds));
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
