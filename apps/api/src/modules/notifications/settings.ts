import type { AppConfig } from '../../config';

export interface NotificationsSettings {
  /** Worker poll interval; 0 = no worker (tests drive `tick()`). */
  pollMs: number;
  batch: number;
  /** How long a claimed job stays with its worker before another may take it (a crash mid-send). */
  leaseSeconds: number;
  /** First retry after this many seconds, doubling (capped at 1 h). */
  retryBaseSeconds: number;
  /** The portal's address, for the links in e-mails. */
  publicUrl: string;
}

export function notificationsSettings(config: AppConfig): NotificationsSettings {
  const e = config.env;
  const on = e.NOTIFY_WORKER ?? e.NODE_ENV !== 'test';
  return {
    pollMs: on ? e.NOTIFY_POLL_MS : 0,
    batch: 20,
    leaseSeconds: 300,
    retryBaseSeconds: e.NOTIFY_RETRY_BASE_SECONDS,
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
  };
}
