import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolStats } from '../db/db';
import { AppError } from '../lib/errors';

/**
 * Prometheus metrics (ADR 067): requests per route pattern (rate, errors, duration), the database pool, the
 * notification queue, login failures and payment outcomes, plus Node's own (memory, event loop, GC).
 *
 * Off unless someone may read them: METRICS_TOKEN (GET /metrics on the main port with `Authorization: Bearer <token>`)
 * or METRICS_PORT (a listener of its own, for a network only the monitoring reaches). Off, nothing is counted.
 *
 * Cardinality: labels take only bounded values — the route's pattern (never the raw URL; 'unrouted' for a 404), the
 * method, the status code, an error's code constant, and fixed outcome words. Never an id, a document or an address.
 */
export interface MetricsSettings {
  /** Bearer token for GET /metrics (on the main port, and on METRICS_PORT's when set). */
  token?: string | undefined;
  /** A listener of its own for /metrics (0: any free port, for tests). */
  port?: number | undefined;
  host?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null when metrics are off (no METRICS_TOKEN, no METRICS_PORT). */
    metrics: Metrics | null;
  }
}

/** The routes whose answers are a login's or a payment's outcome (method + route pattern). */
const LOGIN_ROUTES: Record<string, 'customer' | 'staff'> = {
  'POST /api/auth/verify': 'customer',
  'POST /api/backoffice/auth/login': 'staff',
};
const PAYMENT_ROUTES: Record<string, 'card' | 'advance'> = {
  'POST /api/payments/contracts/:nCtrId/card-payment': 'card',
  'POST /api/payments/contracts/:nCtrId/advance': 'advance',
};
/** A card payment's 3-D Secure completion (issue 27): its outcome, read from the answer (a card change's is not one). */
const CARD_ACTION_ROUTE = 'POST /api/payments/contracts/:nCtrId/card-action';
/**
 * Pix confirmations: the static BR Code's signed webhook, an API Pix PSP's notification (ADR 076), and demo mode's "the
 * payer paid" (the same code path); each answers `resultados`. Pix Automático's webhook (ADR 077) answers `cobsr`, one
 * result per recurring charge.
 */
const PIX_CONFIRMATION_ROUTES: Record<string, 'pix' | 'pix_automatico'> = {
  'POST /api/payments/pix/webhook': 'pix',
  'POST /api/payments/pix/api-pix/webhook/pix': 'pix',
  'POST /api/dev/pix/:txid/confirm': 'pix',
  'POST /api/payments/pix-automatico/webhook': 'pix_automatico',
};

/** An error's code as a label: our SCREAMING_SNAKE constants and Fastify's FST_ERR_…; anything else is 'OTHER'. */
const CODE_LABEL = /^[A-Z][A-Z0-9_]{0,63}$/;

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'guarita_http_request_duration_seconds',
    help: 'HTTP requests by route pattern: duration; its _count is the request rate, status=~"5.." the errors',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly httpErrors = new Counter({
    name: 'guarita_http_errors_total',
    help: 'HTTP answers with status >= 400 by route pattern and error code (erro of the envelope when thrown; NONE otherwise)',
    labelNames: ['method', 'route', 'status', 'code'] as const,
    registers: [this.registry],
  });
  readonly loginFailures = new Counter({
    name: 'guarita_login_failures_total',
    help: 'Refused login attempts: customer (one-time code check) or staff (password + TOTP), by error code',
    labelNames: ['kind', 'reason'] as const,
    registers: [this.registry],
  });
  readonly paymentOutcomes = new Counter({
    name: 'guarita_payment_outcomes_total',
    help: 'Payment outcomes: card and advance by answer (approved, action_required for 3-D Secure, declined, refused, error), a 3-D Secure completion as approved or declined; pix and pix_automatico by confirmation result',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(app: FastifyInstance) {
    collectDefaultMetrics({ register: this.registry });
    const db = app.db;
    const pool = (name: string, help: string, read: (s: NonNullable<ReturnType<typeof poolStats>>) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const s = poolStats(db);
          if (s) this.set(read(s));
        },
      });
    pool('guarita_db_pool_connections', 'Database pool: open connections', (s) => s.total);
    pool('guarita_db_pool_in_use', 'Database pool: connections checked out by a query or transaction', (s) => s.total - s.idle);
    pool('guarita_db_pool_waiting', 'Database pool: queries waiting for a free connection', (s) => s.waiting);

    // The queue is read when scraped (one indexed statement), not kept up to date on every change.
    let queue: Promise<{ pending: number; due: number; lagSeconds: number } | null> | null = null;
    const readQueue = () =>
      (queue ??= (app.hasDecorator('notifications') ? app.notifications.queueStats() : Promise.resolve(null))
        .catch(() => null)
        .finally(() => setImmediate(() => (queue = null))));
    const queueGauge = (name: string, help: string, read: (q: { pending: number; due: number; lagSeconds: number }) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const q = await readQueue();
          if (q) this.set(read(q));
        },
      });
    queueGauge(
      'guarita_notification_queue_pending',
      'Notification e-mail jobs waiting to be sent (due or retrying later)',
      (q) => q.pending,
    );
    queueGauge(
      'guarita_notification_queue_due',
      'Notification e-mail jobs whose time has come and that no worker has claimed',
      (q) => q.due,
    );
    queueGauge(
      'guarita_notification_queue_lag_seconds',
      'How long the oldest due notification job has waited (0: none due)',
      (q) => q.lagSeconds,
    );
  }

  /** Every answer: duration by route, and the errors. */
  observe(req: FastifyRequest, reply: FastifyReply, errorCode: string | undefined): void {
    const route = req.routeOptions.url ?? 'unrouted';
    const status = reply.statusCode;
    const labels = { method: req.method, route, status: String(status) };
    this.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (status >= 400) this.httpErrors.inc({ ...labels, code: errorCode ?? 'NONE' });
  }

  /** The 3-D Secure completions counted lately (their gatewayId), so the browser posting one again counts nothing. */
  private readonly cardActionsCounted = new Set<string>();

  /**
   * A 3-D Secure completion: a card payment's answer (200 with the payment, 402 declined) is its outcome, counted once
   * per challenge (the answer is replayed to a repeated post). A card change's answers (200 with the card on file, 422)
   * are no payment, and a second challenge (202) was counted as action_required by the first.
   */
  countCardAction(gatewayId: unknown, status: number, payload: string): void {
    let paid = false;
    try {
      paid = status === 200 && typeof (JSON.parse(payload) as { conteudo?: { pagamentoId?: unknown } }).conteudo?.pagamentoId === 'number';
    } catch {
      /* not JSON: no payment */
    }
    const outcome = paid ? 'approved' : status === 402 ? 'declined' : null;
    if (!outcome || typeof gatewayId !== 'string' || this.cardActionsCounted.has(gatewayId)) return;
    this.cardActionsCounted.add(gatewayId);
    // Bounded: the oldest goes (a challenge is answered within minutes).
    if (this.cardActionsCounted.size > 10_000) this.cardActionsCounted.delete(this.cardActionsCounted.values().next().value!);
    this.paymentOutcomes.inc({ method: 'card', outcome });
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  /** METRICS_PORT's listener, once the app is ready. */
  server: Server | null = null;
}

const errorCodes = new WeakMap<FastifyRequest, string>();
const codeLabel = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && CODE_LABEL.test(code) ? code : 'OTHER';
};
/** 202 is a 3-D Secure challenge handed to the browser (issue 27): not yet approved; its completion is counted then. */
const outcomeOf = (status: number) =>
  status === 202 ? 'action_required' : status < 300 ? 'approved' : status === 402 ? 'declined' : status < 500 ? 'refused' : 'error';

/** A constant-time comparison of a presented bearer token with the configured one. */
function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}

export default fp(
  async (app, opts: MetricsSettings) => {
    if (!opts.token && opts.port === undefined) {
      app.decorate('metrics', null);
      return;
    }
    const metrics = new Metrics(app);
    app.decorate('metrics', metrics);

    app.addHook('onError', (req, _reply, err, done) => {
      errorCodes.set(req, codeLabel(err));
      done();
    });
    app.addHook('onResponse', (req, reply, done) => {
      metrics.observe(req, reply, errorCodes.get(req));
      done();
    });

    // Outcome routes get a hook of their own: the other routes pay nothing for them.
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        const login = LOGIN_ROUTES[key];
        const payment = PAYMENT_ROUTES[key];
        if (login) {
          route.onResponse = [
            ...[route.onResponse ?? []].flat(),
            (req, reply, done) => {
              if (reply.statusCode >= 400)
                metrics.loginFailures.inc({ kind: login, reason: errorCodes.get(req) ?? `HTTP_${reply.statusCode}` });
              done();
            },
          ];
        }
        if (payment) {
          route.onResponse = [
            ...[route.onResponse ?? []].flat(),
            (_req, reply, done) => {
              // A replayed answer (the same Idempotency-Key again) is the first attempt's outcome, already counted.
              if (reply.getHeader('idempotent-replayed') !== 'true')
                metrics.paymentOutcomes.inc({ method: payment, outcome: outcomeOf(reply.statusCode) });
              done();
            },
          ];
        }
        const pix = PIX_CONFIRMATION_ROUTES[key];
        if (pix || key === CARD_ACTION_ROUTE) {
          route.onSend = [
            ...[route.onSend ?? []].flat(),
            (req, reply, payload, done) => {
              if (typeof payload === 'string') {
                if (pix) {
                  if (reply.statusCode === 200) countPix(metrics, pix, payload);
                } else metrics.countCardAction((req.body as { gatewayId?: unknown } | undefined)?.gatewayId, reply.statusCode, payload);
              }
              done(null, payload);
            },
          ];
        }
      }
    });

    if (opts.token) {
      const token = opts.token;
      app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
        if (!tokenMatches(req.headers.authorization, token))
          throw new AppError(401, 'UNAUTHORIZED', 'Métricas exigem o token de monitoramento.', { 'www-authenticate': 'Bearer' });
        return reply
          .type('text/plain; version=0.0.4; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(await metrics.text());
      });
    }
    if (opts.port !== undefined) {
      const { port, host = '0.0.0.0', token } = opts;
      app.addHook('onReady', async () => {
        metrics.server = await listenMetrics(app, metrics, port, host, token);
      });
      app.addHook('onClose', async () => {
        const server = metrics.server;
        if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
  },
  { name: 'metrics' },
);

/** Each Pix a confirmation settled (or did not): the answer's resultado(s), a fixed set of words. */
function countPix(metrics: Metrics, method: 'pix' | 'pix_automatico', payload: string): void {
  try {
    const body = JSON.parse(payload) as {
      resultado?: unknown;
      resultados?: Array<{ resultado?: unknown }>;
      cobsr?: Array<{ resultado?: unknown }>;
    };
    const results = (method === 'pix' ? body.resultados : body.cobsr)?.map((r) => r.resultado) ?? [body.resultado];
    for (const r of results)
      if (typeof r === 'string' && CODE_LABEL.test(r.toUpperCase())) metrics.paymentOutcomes.inc({ method, outcome: r });
  } catch {
    /* not JSON: nothing to count */
  }
}

/**
 * METRICS_PORT: /metrics on a listener of its own (plain node:http, outside the app: no route, hook or trace of the app
 * runs for a scrape). With METRICS_TOKEN set, the token is asked there too.
 */
async function listenMetrics(app: FastifyInstance, metrics: Metrics, port: number, host: string, token?: string): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] !== '/metrics' || req.method !== 'GET') {
      res.writeHead(404).end();
      return;
    }
    if (token && !tokenMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: scrape failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
