import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** Strict headers: no inline script, no framing, HSTS when served over HTTPS. */
export default fp(async (app, opts: { hsts: boolean; imgSrc?: string[] }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style attributes through the CSSOM, which CSP allows; the captcha widget injects a <style>.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(opts.imgSrc ?? [])], // + the map tile server
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
});
