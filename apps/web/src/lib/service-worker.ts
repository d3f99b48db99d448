import { afterLoadWhenIdle } from './when-idle';

/** The service worker's URL (apps/web/scripts/prerender.ts writes it; ADR 091). */
export const SERVICE_WORKER = '/sw.js';

/**
 * Registers the service worker once the page has loaded and the browser is idle: its first download of the app's
 * files never competes with the page's own requests. A worker of another script (the old product registered one) is
 * removed: it must not keep serving stale pages.
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return;
  const start = () => {
    void container
      .getRegistrations()
      .then((regs) =>
        regs.forEach((reg) => {
          const script = (reg.active ?? reg.waiting ?? reg.installing)?.scriptURL;
          if (script && new URL(script).pathname !== SERVICE_WORKER) void reg.unregister();
        }),
      )
      .catch(() => {});
    container
      .register(SERVICE_WORKER, { scope: '/', updateViaCache: 'none' })
      .catch((err: unknown) => console.warn('service worker:', err));
  };
  afterLoadWhenIdle(start);
}

/** Outside a production build (vite's dev server has no /sw.js): no worker at all. */
export function unregisterServiceWorkers(): void {
  void navigator.serviceWorker
    ?.getRegistrations()
    .then((regs) => regs.forEach((r) => void r.unregister()))
    .catch(() => {});
}
