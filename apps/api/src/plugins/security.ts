import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { CspSources } from '../ports/adyen';

/**
 * Strict headers: no inline script, no framing, HSTS when served over HTTPS. Helmet itself, built once: the Fastify
 * wrapper (@fastify/helmet) rebuilt the middleware, CSP included, on every request in an async hook (ADR 049).
 */
export default fp(async (app, opts: { hsts: boolean; imgSrc?: string[]; cardProvider?: CspSources | undefined }) => {
  const card = opts.cardProvider; // Adyen's web component (CARD_GATEWAY=adyen): its frames, calls, logos, 3DS forms
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style attributes through the CSSOM, which CSP allows; the captcha widget injects a <style>.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(opts.imgSrc ?? []), ...(card?.imgSrc ?? [])], // + the map tile server
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(card?.connectSrc ?? [])],
        ...(card ? { frameSrc: ["'self'", ...card.frameSrc] } : {}),
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(card?.formAction ?? [])],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // CSP frame-ancestors 'none' is the rule; the legacy X-Frame-Options header is not sent (issue 7).
    xFrameOptions: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    headers(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });

  // API answers carry personal data or tokens: never stored by a browser or a shared cache (unless a route says otherwise).
  // A callback hook, not an async one: no promise per response on the hot path.
  app.addHook('onSend', (req, reply, payload, done) => {
    const url = req.url;
    if ((url === '/api' || url.startsWith('/api/')) && !url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});

/**
 * preHandler for cookie-authenticated POSTs (refresh, logout): a browser request from another site is refused (403).
 * Browsers send Origin on every POST (and Sec-Fetch-Site); a request without them is not a browser's, so it cannot
 * carry a victim's cookie by CSRF. Allowed: PUBLIC_URL's origin and the origin the request was addressed to.
 */
export function sameOriginOnly(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return async (req: FastifyRequest) => {
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const own = `${req.protocol}://${req.host}`;
    const crossSite = site === 'cross-site' || (origin !== undefined && origin !== allowed && origin !== own);
    if (crossSite) throw new AppError(403, 'FORBIDDEN_ORIGIN', 'Requisição não permitida.');
  };
}
