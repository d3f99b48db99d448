/**
 * Runs `fn` once the page has loaded and the browser is idle (at the latest 5 s after the load): work a page does not
 * need to show itself — the service worker's registration, resuming the uploads kept on the device — never competes
 * with the page's own requests and scripts.
 */
export function afterLoadWhenIdle(fn: () => void): void {
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => fn(), { timeout: 5000 }) : setTimeout(fn, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
