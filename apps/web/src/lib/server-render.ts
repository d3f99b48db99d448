import type { PublicConfig } from '../api/get-public-config';
import type { BootAnswer } from './session';

/**
 * A logged-in page the server rendered with its first screen (ADR 059): what it was rendered with, which the
 * browser's first render (the hydration) must use too, or React would throw the server's HTML away. The hooks
 * whose value comes from the browser (the session, the stored contract, the public config) answer these as their
 * server snapshot; once hydrated, React renders again with the browser's own values if they differ.
 */
export interface ServerRender {
  /** The page was rendered for a logged-in customer (the session's server snapshot). */
  loggedIn: boolean;
  /** The contract the server chose for a route without one (the stored choice's server snapshot). */
  selectedContract: number | null;
  /** The header's emergency lines and the brand (usePublicConfig's server snapshot). */
  publicConfig?: PublicConfig;
  /** The first screen's data, under the boot's shape: the query cache is seeded from it before hydrating. */
  data?: Omit<BootAnswer, 'tokens'>;
}

/** The id of the JSON data block (`<script type="application/json">`: data, not script, so the CSP is unaffected). */
export const SERVER_RENDER_ID = 'guarita-first-screen';

const NOTHING: ServerRender = { loggedIn: false, selectedContract: null };
let current: ServerRender = NOTHING;

export const renderedOnServer = (): ServerRender => current;

/** Sets what the next render is done with: on the server around one synchronous render, in the browser before hydrating. */
export function setRenderedOnServer(render: ServerRender | null): void {
  current = render ?? NOTHING;
}

/** The data block as HTML: `<` escaped so no string in it can close the script element. */
export function serverRenderScript(render: ServerRender): string {
  const json = JSON.stringify(render)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SERVER_RENDER_ID}">${json}</script>`;
}

/** The data block the server put into the page, if any (main.tsx, before the first render). */
export function readServerRender(doc: Document = document): ServerRender | null {
  const text = doc.getElementById(SERVER_RENDER_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as ServerRender;
    return parsed && typeof parsed === 'object' && parsed.loggedIn === true ? parsed : null;
  } catch {
    return null;
  }
}
