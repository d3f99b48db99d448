import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';

export interface NotificationsSettings {
  /** Worker poll interval; 0 = no worker (tests drive `tick()`). */
  pollMs: number;
  /** The scheduled scans' period (Pix about to expire, silent trackers): once per period across instances (ADR 079). */
  scanMs: number;
  batch: number;
  /** How long a claimed job stays with its worker before another may take it (a crash mid-send). */
  leaseSeconds: number;
  /** First retry after this many seconds, doubling (capped at 1 h). */
  retryBaseSeconds: number;
  /**
   * The portal's address, for the links in e-mails, read when one is sent: PUBLIC_URL (a deployment); in demo mode the
   * address the app is actually served at (`followServedOrigin`).
   */
  publicUrl: string;
}

export function notificationsSettings(config: AppConfig): NotificationsSettings {
  const e = config.env;
  const on = e.NOTIFY_WORKER ?? e.NODE_ENV !== 'test';
  return {
    pollMs: on ? e.NOTIFY_POLL_MS : 0,
    scanMs: e.NOTIFY_SCAN_SECONDS * 1000,
    batch: 20,
    leaseSeconds: 300,
    retryBaseSeconds: e.NOTIFY_RETRY_BASE_SECONDS,
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
  };
}

/** `protocol://host[:port]`, from a Host header that is only that (a name or an address, and a port). */
export function originOf(protocol: string, host: string | undefined): string | null {
  if (!host || !/^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return null;
  return `${protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/**
 * Demo mode: the links in e-mails follow the address the app is served at, never PUBLIC_URL's default
 * http://localhost:3000 whatever the port or host — the listening address once it listens, then the address a
 * browser last asked for a page or the API at (its Host, behind TRUST_PROXY the forwarded one: a port forward, a
 * tunnel, another host name). Only browsers' requests count (they send Sec-Fetch-Mode), so a script's arbitrary Host
 * does not move it.
 */
export function followServedOrigin(app: FastifyInstance, settings: NotificationsSettings): void {
  if (!app.config.demoMode) return;
  app.server.on('listening', () => {
    const address = app.server.address();
    if (!address || typeof address !== 'object') return;
    const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(address.address) ? 'localhost' : address.address;
    const origin = originOf('http', `${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    if (origin) settings.publicUrl = origin;
  });
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.headers['sec-fetch-mode']) {
      const origin = originOf(req.protocol, req.host);
      if (origin) settings.publicUrl = origin;
    }
    done();
  });
}
