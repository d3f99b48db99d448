import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { sharedComponents } from './openapi-components';

/** `schema.security` of a route behind `app.authenticate`: the AccessToken as `Authorization: Bearer`. */
export const bearerAuth = [{ bearerAuth: [] }];
/** `schema.security` of a route anyone may call (login, contact, config, the signed PSP webhook). */
export const noAuth = [];

/** `schema.security` of the PSP webhook: the HMAC-SHA256 signature header of the raw body. */
export const pixWebhookSignature = [{ pixWebhookSignature: [] }];

/** `schema.security` of a back-office route: the staff session cookie (guarita_staff, path /api/backoffice). */
export const staffSession = [{ staffSession: [] }];

/** `schema.security` of the server-to-server sign-on issue: a key whose SHA-256 is in SSO_API_KEYS. */
export const ssoApiKey = [{ ssoApiKey: [] }];

const TAGS = [
  { name: 'auth', description: 'Login with CPF/CNPJ and a one-time code; refresh and logout' },
  { name: 'customers', description: 'The logged-in customer' },
  { name: 'contracts', description: 'Contracts, items and bills of the logged-in customer' },
  { name: 'payments', description: 'Card and Pix payments, card change, advance, PSP webhook' },
  { name: 'contact', description: 'Fale conosco (captcha-protected)' },
  { name: 'public', description: 'Facts the public shell shows' },
  { name: 'plan', description: 'Meu plano: coverages, referral discount, contract PDFs' },
  { name: 'trips', description: 'Trips, live position and map configuration (contracts with a tracker)' },
  { name: 'sso', description: 'Single sign-on: server-to-server token issue, browser exchange' },
  { name: 'backoffice', description: 'Staff console: staff login (password + TOTP), queue, case actions, audit log' },
  { name: 'uploads', description: 'Resumable uploads (tus 1.0.0) of claim photos and request attachments' },
  { name: 'notifications', description: "The customer's notifications: list, unread count, read marks, e-mail choices" },
  { name: 'dev', description: 'Demo mode only' },
];

/**
 * The OpenAPI 3.1 document (GET /api/docs/json) and its UI (/api/docs), from the routes' zod schemas; served when
 * API_DOCS allows (default: not in production).
 * 3.1 because its schemas are JSON Schema 2020-12: a nullable field is `type: [T, 'null']`, which zod 4
 * emits exactly, where 3.0's `nullable` lost the type. `npm run lint` runs `redocly lint` on it.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Guarita API',
          version: '1.0.0',
          description: 'Backend-for-frontend da área do cliente. Errors answer the envelope { sucesso: false, status, erro, mensagem }.',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: app.config.env.PUBLIC_URL, description: 'This deployment (PUBLIC_URL)' }],
        tags: TAGS,
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'AccessToken from /api/auth/verify or /refresh',
            },
            staffSession: {
              type: 'apiKey',
              in: 'cookie',
              name: 'guarita_staff',
              description: 'Staff session cookie set by POST /api/backoffice/auth/login (HttpOnly, path /api/backoffice)',
            },
            pixWebhookSignature: {
              type: 'apiKey',
              in: 'header',
              name: 'x-webhook-signature',
              description: 'sha256=<hex HMAC-SHA256 of the raw body with PIX_WEBHOOK_SECRET>',
            },
            ssoApiKey: {
              type: 'apiKey',
              in: 'header',
              name: 'x-api-key',
              description: 'Sign-on issuer key (its SHA-256 is configured in SSO_API_KEYS)',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      // Schemas registered with `.meta({ id })` (the error envelope, the DTOs many routes answer) are written once
      // under components.schemas and referenced ($ref) from every route (ADR 069).
      transformObject: (doc) => sharedComponents(createJsonSchemaTransformObject({})(doc)),
    });
    // The document stays built (app.swagger(), `npm run lint`); only serving it is a setting, off in production (ADR 062).
    if (!app.config.apiDocs) return;
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The docs page brings its own policy; keep it unframeable like the rest of the app.
      transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  },
  { name: 'openapi', dependencies: ['ports'] },
);
