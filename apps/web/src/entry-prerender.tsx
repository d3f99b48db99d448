/**
 * Build-time rendering of the public pages (apps/web/scripts/prerender.ts). Pages render logged out, with no
 * data fetched; the browser hydrates them (main.tsx) and fills in what comes from the API.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { preloadRoute } from './app/router';

/** The public pages served as HTML from the build; `file` is its name under dist/prerendered/. */
export const PRERENDER_PAGES = [
  { path: '/', file: 'home.html' },
  { path: '/duvidas-frequentes', file: 'duvidas-frequentes.html' },
  { path: '/contato', file: 'contato.html' },
  { path: '/politica-de-privacidade', file: 'politica-de-privacidade.html' },
  { path: '/termos-de-uso', file: 'termos-de-uso.html' },
] as const;

export async function render(path: string): Promise<string> {
  await preloadRoute(path);
  // React's static renderer has no error boundaries: an error (a page module that failed to load) would leave the
  // Suspense fallback in the HTML for the browser to render. The build fails instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
    { onError: (err) => void errors.push(err) },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  if (errors.length) throw new Error(`${path} failed to render at build`, { cause: errors[0] });
  return html;
}
