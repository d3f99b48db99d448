import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { zodPtBr } from '@guarita/domain';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { constants as zlibConstants } from 'node:zlib';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/db';
import composition, { type Ports } from './composition';
import { modules } from './modules';
import session from './modules/auth/session';
import errors, { DB_RETRY_AFTER_SECONDS } from './plugins/errors';
import metrics from './plugins/metrics';
import { logPath } from './lib/log-path';
import { REQUEST_ID_HEADER, requestId } from './lib/request-id';
import { tracingStarted } from './tracing/start';
import { nameServerSpan, traceIds } from './tracing/context';
import { responseSerializerCompiler } from './lib/serializer';
import { trustProxyOption } from './lib/trust-proxy';
import openapi from './plugins/openapi';
import security from './plugins/security';
import { adyenCspSources } from './ports/adyen';
import web from './plugins/web';
import { tileImageSources } from './modules/trips/tiles';

export type { Ports };

declare module 'fastify' {
  interface FastifyInstance {
    /** `draining`: a shutdown has begun and /readyz answers 503 (src/shutdown.ts). */
    readiness: { draining: boolean };
  }
}

export interface BuildOptions {
  db: Database;
  config: AppConfig;
  ports?: Ports;
  logger?: FastifyServerOptions['logger'];
}

/** Headers and fields that carry tokens or personal data never reach a log line. */
export const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

export { logPath };

/** The server's logger: redacted headers, and request paths without query strings (a plate or document may sit there). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: logPath(req.url) }),
    },
    // With tracing on (ADR 067), each line inside a traced request names its trace: logs and spans join up.
    ...(tracingStarted() ? { mixin: traceIds } : {}),
  };
}

/** A request slower than this is logged at info even when it succeeded. */
export const SLOW_REQUEST_MS = 500;

/**
 * Fastify's own two lines per request at info cost a measurable share of the hot read (ADR 049): no
 * "incoming request" line, and one "request completed" line, at info only when it did not succeed or was slow,
 * at debug otherwise. Errors keep their own lines (plugins/errors.ts).
 */
class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const notable = error || reply.statusCode < 200 || reply.statusCode >= 300 || ms >= SLOW_REQUEST_MS;
    reply.log[notable ? 'info' : 'debug']({ req, res: reply, responseTime: ms }, 'request completed');
  }

  // Fastify's own line quotes the raw URL, query string included (a plate or document may sit there).
  override routeNotFound(req: FastifyRequest): void {
    req.log.info({ req }, 'route not found');
  }
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

// Messages zod writes itself (a missing field, a wrong type) in Brazilian Portuguese too (zod's own `pt` is European);
// our schemas carry the spec's own. The web app uses the same map (lib/zod-config.ts).
z.config(zodPtBr());

export async function buildApp({ db, config, ports, logger = false }: BuildOptions) {
  const app = Fastify({
    logger,
    bodyLimit: 100 * 1024,
    trustProxy: trustProxyOption(config.env.TRUST_PROXY),
    logController: new QuietRequestLog(),
    // Every request has an id (the caller's X-Request-Id when well-formed): in each of its log lines and in the answer.
    genReqId: requestId,
    // While closing, a request that reaches us on an open connection is served, not answered 503 (graceful shutdown:
    // readiness has already sent the load balancer elsewhere; what still arrives was sent before it knew).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  if (tracingStarted()) app.addHook('onRequest', nameServerSpan);
  app.setValidatorCompiler(validatorCompiler);
  // fast-json-stringify from each response schema; zod checks every answer too, except in production (ADR 049) and in
  // the bench, which measures production's path on demo data (production refuses demo mode, ADR 062).
  app.setSerializerCompiler(responseSerializerCompiler({ checkWithZod: !['production', 'bench'].includes(config.env.NODE_ENV) }));

  // The composition root: configuration → ports (db, clock, notifier, card gateway, Pix PSP, limiter).
  await app.register(composition, { db, config, ...(ports ? { ports } : {}) });
  // Before every route: it counts them all by their pattern (ADR 067); nothing at all when metrics are off.
  await app.register(metrics, {
    token: config.env.METRICS_TOKEN,
    port: config.env.METRICS_PORT,
    host: config.env.METRICS_HOST,
  });
  await app.register(errors);
  await app.register(security, {
    hsts: config.secure,
    imgSrc: tileImageSources(config.env.MAP_TILE_URL),
    cardProvider:
      config.env.CARD_GATEWAY === 'adyen' ? adyenCspSources(config.env.ADYEN_CLIENT_KEY?.startsWith('live_') ? 'live' : 'test') : undefined,
  });
  // API answers over 2 KB (a trips page is 40–100 KB of coordinates) go out compressed; brotli at quality 4 costs
  // about what gzip does. The web build's files are precompressed (plugins/web.ts) and are left as they are.
  await app.register(compress, {
    globalDecompression: false,
    threshold: 2048,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(openapi);
  await app.register(session);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // A shutdown begins (src/shutdown.ts): readiness answers 503 first, so the load balancer stops sending, while every
  // request that still comes is served.
  const readiness = { draining: false };
  app.decorate('readiness', readiness);
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    if (readiness.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await sql`SELECT 1`.execute(db);
      return { status: 'ok' };
    } catch {
      // The pool reconnects by itself: the next probe after the database is back answers 200.
      return reply.code(503).header('retry-after', String(DB_RETRY_AFTER_SECONDS)).send({ status: 'unavailable' });
    }
  });

  // Every folder of src/modules is one module (src/modules/index.ts lists them): a fastify-plugin with a name
  // and its dependencies, which decorates its service and registers its routes under /api (ADR 005).
  for (const m of modules) await app.register(m);

  await app.register(web, { root: config.env.WEB_DIST ?? DEFAULT_WEB_DIST, publicUrl: config.env.PUBLIC_URL });
  return app;
}
