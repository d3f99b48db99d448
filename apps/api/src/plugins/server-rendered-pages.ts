import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import {
  SELECTED_CONTRACT_COOKIE,
  SELECTED_CONTRACT_COOKIE_MAX_AGE,
  firstScreenRequest,
  selectedContractFromCookie,
} from '@guarita/domain';
import { BootBody, firstScreenReader, type FirstScreen } from '../modules/boot/first-screen';
import { publicConfigBody } from '../modules/public-config/routes';
import { PRERENDER_DIR } from './prerender-dir';

/**
 * A logged-in customer's first screen rendered by the server (ADR 059), for the web plugin (./web.ts) to send
 * instead of the route's skeleton.
 */
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);
const BROTLI_FAST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** The web build's server renderer of a customer's first screen (apps/web/src/entry-server.tsx, ADR 059). */
interface CustomerPageRenderer {
  renderCustomerPage(
    url: string,
    render: { loggedIn: true; selectedContract: number | null; publicConfig: ReturnType<typeof publicConfigBody>; data: FirstScreen },
  ): Promise<{ html: string; dataScript: string; title: string | null } | null>;
  warmUp(paths: string[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Loads the server renderer and the customer routes' modules and renders each once (server.ts, after listen):
     * the first customer's page would otherwise wait for them. Tests never call it (nor load the renderer unless
     * they ask for a customer page).
     */
    warmUpServerRender: () => Promise<void>;
  }
}

/** The renderer, or null (no server build, or one that cannot load: the skeleton is sent, as before ADR 059). */
async function load(root: string, log: FastifyBaseLogger): Promise<CustomerPageRenderer | null> {
  const file = path.join(root, PRERENDER_DIR, 'server', 'entry-server.js');
  if (!existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as CustomerPageRenderer;
  } catch (err) {
    log.error({ err }, 'the server renderer could not be loaded: customer pages are sent as skeletons');
    return null;
  }
}

const ROOT_ELEMENT = /<div id="root">\s*<!--app-->[\s\S]*?<!--\/app-->\s*<\/div>/;

/**
 * A logged-in customer's first screen rendered on the server (ADR 059), from the route's own copy of index.html: the
 * customer its page cookie names (a live login only), the data the boot would answer for this route, rendered with
 * the route's modules. Null (the skeleton is sent instead) without a live page cookie or when the page cannot be
 * rendered whole; a failure is logged, never shown.
 */
export function serverRenderedPages(app: FastifyInstance, root: string, hasWeb: boolean) {
  let renderer: Promise<CustomerPageRenderer | null> | undefined;
  const loadRenderer = () => (renderer ??= hasWeb ? load(root, app.log) : Promise.resolve(null));
  const readFirstScreen = firstScreenReader(app);
  const publicConfig = publicConfigBody(app.config);
  const templates = new Map<string, string>();
  const template = (file: string) => {
    let html = templates.get(file);
    if (html === undefined) templates.set(file, (html = readFileSync(path.join(root, file), 'utf8')));
    return html;
  };
  const secure = app.config.secure;
  const render = async (req: FastifyRequest, reply: FastifyReply, pathname: string, file: string): Promise<string | null> => {
    if (!app.hasDecorator('pageSession')) return null;
    try {
      // A database that cannot answer who this is (or anything below) sends the skeleton: the page then asks as before.
      const who = await app.pageSession(req);
      const renderer = who && (await loadRenderer());
      if (!who || !renderer) return null;
      const html = template(file);
      if (!ROOT_ELEMENT.test(html)) return null;
      const stored = selectedContractFromCookie(req.cookies[SELECTED_CONTRACT_COOKIE]);
      // The same body the early script would send, checked as the boot checks it.
      const data = await readFirstScreen(who.customerId, BootBody.parse(firstScreenRequest(pathname, stored)) ?? {});
      const page = await renderer.renderCustomerPage(req.url, { loggedIn: true, selectedContract: stored, publicConfig, data });
      if (!page) return null;
      let out = html
        .replace('<html lang="pt-BR">', '<html lang="pt-BR" data-ssr>')
        .replace(ROOT_ELEMENT, () => `<div id="root" data-ssr>${page.html}</div>${page.dataScript}`);
      if (page.title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title!} — Guarita</title>`);
      // A route with the customer's contract in it is that contract chosen, as when the app shows it (lib/storage.ts):
      // a reload or a next page asked before the app runs renders it again, and the app adopts it when it starts.
      const chosen = firstScreenRequest(pathname, null).nCtrId;
      if (chosen && chosen !== stored && data.contracts?.some((c) => c.nCtrId === chosen))
        void reply.setCookie(SELECTED_CONTRACT_COOKIE, String(chosen), {
          path: '/',
          maxAge: SELECTED_CONTRACT_COOKIE_MAX_AGE,
          sameSite: 'strict',
          secure,
        });
      return out;
    } catch (err) {
      req.log.warn({ err, path: pathname }, 'server render failed: the skeleton was sent');
      return null;
    }
  };
  /** Loads the renderer and warms it on `paths` (server.ts, after listen). */
  const warmUp = async (paths: string[]) => {
    const loaded = await loadRenderer();
    await loaded?.warmUp(paths);
  };
  return { render, warmUp };
}

/**
 * The customer's own data: never stored by a cache, the browser's included. Compressed as the API's answers are
 * (brotli at quality 4, else gzip): @fastify/compress does not reach the not-found handler's replies.
 */
export async function sendRenderedPage(req: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding, cookie');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(await brotli(html, BROTLI_FAST));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzip(html));
  return reply.send(html);
}
