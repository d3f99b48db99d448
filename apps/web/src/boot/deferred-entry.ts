/**
 * A prerendered public page's script loader (ADR 025), not part of the app bundle: `scripts/prerender.ts`
 * compiles it to `/assets/deferred-entry-<hash>.js`, loaded by a classic `defer` script whose
 * `data-modules` lists the entry module first, then the modules to preload.
 *
 * The page is already whole in its HTML (inline CSS); its modules are asked for once the browser has painted
 * it (or at the visitor's first touch or key, if sooner), so on a slow phone network the first paint does not
 * share the line with the JavaScript that only hydrates what is already visible. Until React hydrates:
 * - what is typed stays (the prerendered forms' fields adopt the DOM's values; their submit buttons stay
 *   disabled until hydration: `useInBrowser`);
 * - a form submitted before React took it over is not sent by the browser (no request, nothing in the address);
 * - a click on one of the app's links (React Router's, marked `data-discover`) is held, not a full page load:
 *   the app navigates to it once hydrated (`takePendingNavigation` in `lib/boot-handoff.ts`), so the focus
 *   and the announcement of the new page are the app's as for any navigation. If the modules fail to load,
 *   the browser goes there itself.
 */
(() => {
  const me = document.currentScript;
  const [entry, ...preloads] = (me?.dataset.modules ?? '').split(' ').filter(Boolean);
  if (!entry) return;
  const boot = ((window as Window & { __guaritaBoot?: { pending: string | null; release(): void } }).__guaritaBoot = {
    pending: null as string | null,
    release,
  });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    // No app to hand the held link to: the browser follows it.
    script.onerror = () => {
      release();
      if (boot.pending) location.assign(boot.pending);
    };
    document.head.append(script);
  };
  const onClick = (e: MouseEvent) => {
    start();
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element | null)?.closest?.('a[href][data-discover]');
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin) return;
    e.preventDefault();
    boot.pending = url.pathname + url.search + url.hash;
    showBusy(link);
  };
  // A held click shows that it was taken: the link busy, a bar at the top, the busy cursor (styles set from script:
  // the CSP allows no inline style in the HTML). The app clears them once it has taken the navigation over.
  let busy: { link: HTMLAnchorElement; bar: HTMLElement } | null = null;
  function showBusy(link: HTMLAnchorElement) {
    clearBusy();
    link.setAttribute('aria-busy', 'true');
    const bar = document.createElement('div');
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Abrindo a página…');
    Object.assign(bar.style, {
      position: 'fixed',
      top: '0',
      left: '0',
      right: '0',
      height: '3px',
      background: 'var(--brand-2)',
      zIndex: '1000',
    });
    document.body.append(bar);
    document.documentElement.style.cursor = 'progress';
    busy = { link, bar };
  }
  function clearBusy() {
    if (!busy) return;
    busy.link.removeAttribute('aria-busy');
    busy.bar.remove();
    document.documentElement.style.cursor = '';
    busy = null;
  }
  const onTouch = () => start();
  function release() {
    clearBusy();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('pointerdown', onTouch, true);
    document.removeEventListener('keydown', onTouch, true);
  }
  // A form is only ever sent by the app (its handlers call preventDefault as well): one submitted before React has
  // hydrated it (a server-rendered customer page hydrates in parts, ADR 059) must not go out as the browser's own
  // request, its fields in the address. It stays as filled in; the app's code is asked for at once. Never released.
  document.addEventListener(
    'submit',
    (e) => {
      start();
      e.preventDefault();
    },
    true,
  );
  document.addEventListener('click', onClick, true);
  document.addEventListener('pointerdown', onTouch, true);
  document.addEventListener('keydown', onTouch, true);
  // requestAnimationFrame runs just before the first paint, the timeout just after it; a tab in the
  // background (no frames) still loads after a moment.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
