import Fastify, { type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from './config';
import type { Db } from './db/db';
import { buildServices, type Ports, type Services } from './services';
import authenticate from './plugins/authenticate';
import errors from './plugins/errors';
import security from './plugins/security';
import web from './plugins/web';
import authRoutes from './modules/auth/routes';
import customerRoutes from './modules/customers/routes';
import contractRoutes from './modules/contracts/routes';
import paymentRoutes from './modules/payments/routes'; // payments (issue 3)
import devRoutes from './modules/dev/routes';
import publicConfigRoutes from './modules/public-config/routes';
import contactRoutes from './modules/contact/routes';
import caseRoutes from './modules/cases/routes'; // cases (issue 9)

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  db: Db;
  config: AppConfig;
  ports?: Ports;
  logger?: FastifyServerOptions['logger'];
}

/** Headers and fields that carry tokens or personal data never reach a log line. */
export const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** The server's logger: redacted headers, and request paths without query strings (a plate or document may sit there). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
    },
  };
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

// Messages zod writes itself (a missing field, a wrong type) in Portuguese too; our schemas carry the spec's own.
z.config(z.locales.pt());

export async function buildApp({ db, config, ports, logger = false }: BuildOptions) {
  const app = Fastify({
    logger,
    bodyLimit: 100 * 1024,
    trustProxy: config.env.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(
    fp(
      async (a) => {
        a.decorate('services', buildServices(db, config, ports));
      },
      { name: 'services' },
    ),
  );
  await app.register(errors);
  await app.register(security, { hsts: config.env.PUBLIC_URL.startsWith('https://') });
  await app.register(cookie);
  await app.register(authenticate);
  await app.register(swagger, {
    openapi: { info: { title: 'Guarita API', version: '1.0.0', description: 'Backend-for-frontend da área do cliente.' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs page brings its own policy; keep it unframeable like the rest of the app.
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(
    async (api) => {
      await api.register(publicConfigRoutes);
      await api.register(authRoutes);
      await api.register(customerRoutes);
      await api.register(contractRoutes);
      await api.register(paymentRoutes); // payments (issue 3)
      await api.register(contactRoutes);
      await api.register(caseRoutes); // cases (issue 9)
      if (config.demoMode) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(web, { root: config.env.WEB_DIST ?? DEFAULT_WEB_DIST });
  return app;
}
