/**
 * A prerendered public page's script loader (ADR 025), not part of the app bundle: `scripts/prerender.ts`
 * compiles it to `/assets/deferred-entry-<hash>.js`, loaded by a classic `defer` script whose
 * `data-modules` lists the entry module first, then the modules to preload.
 *
 * The page is already whole in its HTML (inline CSS); its modules are asked for once the browser has painted
 * it, so on a slow phone network the first paint does not share the line with 140 KB of JavaScript that only
 * hydrates what is already visible. Until then the page reads and links work; the forms' submit buttons stay
 * disabled until hydration (`useInBrowser`).
 */
(() => {
  const me = document.currentScript;
  const [entry, ...preloads] = (me?.dataset.modules ?? '').split(' ').filter(Boolean);
  if (!entry) return;
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
    document.head.append(script);
  };
  // requestAnimationFrame runs just before the first paint, the timeout just after it; a tab in the
  // background (no frames) still loads after a moment.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
