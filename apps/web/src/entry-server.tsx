/**
 * The server's rendering of a logged-in customer's first screen (ADR 059): the API (apps/api/src/plugins/web.ts)
 * reads the page's data with the boot's reader, for the customer its page cookie names, and renders the route with
 * it; the browser hydrates the same tree from the data block the page carries. Built by scripts/prerender.ts into
 * dist/prerendered/server/ (never served as a file).
 */
import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { createQueryClient, seedQueries, ServerQueryClient } from './app/query-client';
import { preloadRoute } from './app/router';
import { serverRenderScript, setRenderedOnServer, type ServerRender } from './lib/server-render';

export { firstScreenRequest, selectedContractFromCookie } from '@guarita/domain/first-screen';

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The data block for the browser's hydration (`<script type="application/json">`). */
  dataScript: string;
  /** The page's title (its heading's, as PageTitle sets it), already escaped for HTML. */
  title: string | null;
}

/**
 * Renders `url` (path and query) logged in, from `render.data`. Null when the page cannot be rendered whole on the
 * server (a part of it suspended or threw): the server then sends the skeleton, and the browser renders as before.
 */
export async function renderCustomerPage(url: string, render: ServerRender): Promise<RenderedPage | null> {
  const pathname = new URL(url, 'http://server').pathname;
  await preloadRoute(pathname);
  const client = createQueryClient();
  seedQueries(client, render.data ?? null, Date.now());
  let html: string | null = null;
  try {
    // A part the page loads on demand (the advance form, the card form) suspends the first render that meets it, and
    // renderToString gives up on it (client rendering); its module is being loaded then, and a later render completes
    // (the first customer to open such a page after a start waits up to ~100 ms more; later ones not at all).
    for (let attempt = 0; attempt < 6 && (html === null || suspended(html)); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      html = renderOnce(url, render, client);
    }
  } catch {
    return null;
  } finally {
    client.clear();
  }
  if (html === null || suspended(html)) return null;
  // PageTitle's text (what it writes into document.title), HTML-escaped as React wrote it.
  const title = /<h1[^>]* data-title="([^"]*)"/.exec(html)?.[1] ?? null;
  return { html, dataScript: serverRenderScript(render), title };
}

/** A suspended part renders its fallback (`<!--$?-->`, `<!--$!-->`): the page would not be the customer's. */
const suspended = (html: string) => /<!--\$[?!]-->/.test(html);

/** One synchronous render: what the hooks read as their server snapshot is this page's alone. */
function renderOnce(url: string, render: ServerRender, client: QueryClient): string {
  setRenderedOnServer(render);
  try {
    return renderToString(
      <StrictMode>
        <ServerQueryClient.Provider value={client}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </ServerQueryClient.Provider>
      </StrictMode>,
    );
  } finally {
    setRenderedOnServer(null);
  }
}

/**
 * Loads every customer route's modules and renders each once without data (its loading state): the server's first
 * customer would otherwise wait for the modules to load and the renderer's code to warm up.
 */
export async function warmUp(paths: string[]): Promise<void> {
  for (const path of paths) await renderCustomerPage(path, { loggedIn: true, selectedContract: null });
}
