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
 * - on a server-rendered customer page, a field React has not hydrated and committed yet is read-only (what it took
 *   would be lost);
 * - a form submitted before React took it over is not sent by the browser (no request, nothing in the address);
 * - a click on one of the app's links (React Router's, marked `data-discover`) is held, not a full page load:
 *   the app navigates to it once hydrated (`takePendingNavigation` in `lib/boot-handoff.ts`), so the focus
 *   and the announcement of the new page are the app's as for any navigation. If the modules fail to load,
 *   the browser goes there itself;
 * - a tap on one of the page's buttons (the header's 'Voltar', the menu) is held the same way and made again on the
 *   same button once React has committed it: before, it did nothing and was lost.
 */
const PRELOADS_PER_TASK = 2;

(() => {
  /** How long a held field or tap waits for React (a part of the page may hydrate well after the rest, ADR 059). */
  const WAIT_MS = 15_000;

  const own = <T>(el: Element, prefix: string) => {
    const key = Object.keys(el).find((k) => k.startsWith(prefix));
    return key ? (el as unknown as Record<string, T | undefined>)[key] : undefined;
  };

  const me = document.currentScript;
  const [entry, ...preloads] = (me?.dataset.modules ?? '').split(' ').filter(Boolean);
  if (!entry) return;
  const boot = ((window as Window & { __guaritaBoot?: { pending: string | null; release(): void } }).__guaritaBoot = {
    pending: null as string | null,
    release,
  });
  /** The page's button tapped before hydration, if any (the last click wins, a link's or a button's). */
  let tapped: HTMLButtonElement | null = null;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The entry first, then a few preloads per task: starting a fetch costs the browser 1–2 ms (more for the first
    // ones), and a customer page lists 30 to 40 (in one task, 60–100 ms on a mid-range phone: blocking time).
    const preloadFrom = (i: number) => {
      for (const href of preloads.slice(i, i + PRELOADS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      if (i + PRELOADS_PER_TASK < preloads.length) setTimeout(() => preloadFrom(i + PRELOADS_PER_TASK), 0);
    };
    setTimeout(() => preloadFrom(0), 0);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    // No app to hand the held link to: the browser follows it.
    script.onerror = () => {
      tapped = null;
      release();
      if (boot.pending) location.assign(boot.pending);
    };
    document.head.append(script);
  };
  const onClick = (e: MouseEvent) => {
    start();
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    // Once React has taken the root (hydrateRoot), it handles a tap on a part it has not hydrated yet itself (it
    // hydrates that part at once, then dispatches the tap): held too, the tap would be made twice.
    const button = (e.target as Element | null)?.closest?.('#root button[type="button"]');
    if (button instanceof HTMLButtonElement && !button.disabled && !reactRoot()) {
      e.preventDefault();
      boot.pending = null;
      tapped = button;
      showBusy(button);
      return;
    }
    const link = (e.target as Element | null)?.closest?.('a[href][data-discover]');
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin) return;
    e.preventDefault();
    boot.pending = url.pathname + url.search + url.hash;
    tapped = null;
    showBusy(link);
  };
  // A held click shows that it was taken: the link or button busy, a bar at the top, the busy cursor (styles set from
  // script: the CSP allows no inline style in the HTML). Cleared once the app has taken the click over.
  let busy: { link: HTMLElement; bar: HTMLElement } | null = null;
  function showBusy(link: HTMLElement) {
    clearBusy();
    link.setAttribute('aria-busy', 'true');
    const bar = document.createElement('div');
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', link instanceof HTMLAnchorElement ? 'Abrindo a página…' : 'Carregando…');
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
  // The app calls it once its first render is committed (`lib/boot-handoff.ts`); a held link is the app's to follow,
  // a held button is tapped again here once React has committed it (its part of the page may hydrate later).
  function release() {
    if (tapped) tapWhenCommitted(tapped);
    else clearBusy();
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
  // A server-rendered customer page (ADR 059) hydrates after its first paint, in parts (a form loaded on demand last):
  // what is typed or picked in a field React does not own yet is wiped when it does (a card number typed on a slow
  // phone, gone). Until then each field is read-only (a list or a box to tick, disabled), which the browser shows and
  // the keyboard respects; the first touch asks for the app's code at once. Each field is given back once React's
  // committed tree holds it, and all of them after 15 s whatever happened.
  if (document.documentElement.hasAttribute('data-ssr')) holdFieldsUntilHydrated();
  document.addEventListener('click', onClick, true);
  document.addEventListener('pointerdown', onTouch, true);
  document.addEventListener('keydown', onTouch, true);
  // requestAnimationFrame runs just before the first paint, the timeout just after it; a tab in the
  // background (no frames) still loads after a moment.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);

  type Fiber = { stateNode: unknown; child: Fiber | null; sibling: Fiber | null };
  /** The page's React root (its first fiber, whose `stateNode` is the root), once the app has called hydrateRoot. */
  function reactRoot() {
    const container = document.getElementById('root');
    return container ? own<{ stateNode?: { current?: Fiber } }>(container, '__reactContainer$') : undefined;
  }

  /**
   * Which of `els` React has hydrated and committed. An element gets React's props during the render that hydrates
   * it, and a click or a key between that render and its commit is undone by the commit (a box ticked, unticked
   * again); the committed tree is the one the root's `current` points to, and a part still to hydrate has no fibers
   * there yet.
   */
  function committedAmong(els: ReadonlySet<Element>): Set<Element> {
    const current = reactRoot()?.stateNode?.current;
    const found = new Set<Element>();
    const stack = current ? [current] : [];
    for (let fiber = stack.pop(); fiber; fiber = stack.pop()) {
      if (els.has(fiber.stateNode as Element)) found.add(fiber.stateNode as Element);
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    return found;
  }

  function tapWhenCommitted(button: HTMLButtonElement, until = Date.now() + WAIT_MS) {
    if (!button.isConnected || Date.now() > until) return clearBusy();
    if (!committedAmong(new Set([button])).size) return void setTimeout(() => tapWhenCommitted(button, until), 50);
    clearBusy();
    if (!button.disabled) button.click();
  }

  function holdFieldsUntilHydrated() {
    const held = new Map<HTMLElement, 'readOnly' | 'disabled'>();
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      '#root input, #root textarea, #root select',
    )) {
      const how = el instanceof HTMLSelectElement || /^(checkbox|radio|file|range|color)$/.test(el.type) ? 'disabled' : 'readOnly';
      if (
        el.disabled ||
        (how === 'readOnly' && (el as HTMLInputElement).readOnly) ||
        (el instanceof HTMLInputElement && el.type === 'hidden')
      )
        continue;
      el[how as 'disabled'] = true;
      held.set(el, how);
    }
    const until = Date.now() + WAIT_MS;
    const giveBack = () => {
      const owned = committedAmong(new Set(held.keys()));
      for (const [el, how] of held) {
        if (!owned.has(el) && Date.now() < until) continue;
        // React's own value for the attribute wins (it may have changed it since hydrating).
        (el as HTMLInputElement)[how] = Boolean(own<{ disabled?: boolean; readOnly?: boolean }>(el, '__reactProps$')?.[how]);
        held.delete(el);
      }
      if (held.size) setTimeout(giveBack, 50);
    };
    if (held.size) setTimeout(giveBack, 50);
  }
})();
