import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import { z } from 'zod';
import { SELECTED_CONTRACT_COOKIE, firstScreenRequest, selectedContractFromCookie } from '@guarita/domain';
import { BootBody, firstScreenReader, type FirstScreen } from '../modules/boot/first-screen';
import { publicConfigBody } from '../modules/public-config/routes';

/** Where the web build (apps/web/scripts/prerender.ts) leaves the public pages it rendered to HTML. */
export const PRERENDER_DIR = 'prerendered';
const HtmlFile = z.string().regex(/^[\w-]+\.html$/);
const Manifest = z.object({
  pages: z.array(z.object({ path: z.string().startsWith('/'), file: HtmlFile })),
  /** Customer routes (router patterns, `:param` segments) with an index.html of their own that preloads their chunks. */
  shells: z
    .array(
      z.object({
        pattern: z.string().regex(/^(\/(:?[\w-]+))+$/),
        file: HtmlFile,
        /** The same page for the server to fill with the customer's first screen: its modules load after the first paint (ADR 059). */
        ssrFile: HtmlFile.optional(),
      }),
    )
    .default([]),
});

interface Prerendered {
  /** Public pages rendered at build, by path. */
  pages: Map<string, string>;
  /** The customer-route skeletons, most specific first (as the router ranks them): the first that matches answers. */
  shells: { pattern: string; match: RegExp; file: string; ssrFile?: string }[];
}

/** A router pattern (letters, digits, `_`, `-`, `/` only) as an exact, case-sensitive match; `:param` is one non-empty segment. */
export const patternRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`);

/** React Router's ranking, enough for our patterns: a static segment outranks a `:param` (`/pagamentos/cartao` over `/pagamentos/:nCtrId`). */
const patternRank = (pattern: string) => pattern.split('/').reduce((sum, seg) => sum + (seg.startsWith(':') ? 3 : seg ? 10 : 0), 0);

/** What the build prerendered; nothing when the build has no manifest (an older build, a test). */
function readPrerendered(root: string): Prerendered {
  const file = path.join(root, PRERENDER_DIR, 'manifest.json');
  if (!existsSync(file)) return { pages: new Map(), shells: [] };
  const manifest = Manifest.parse(JSON.parse(readFileSync(file, 'utf8')));
  return {
    pages: new Map(manifest.pages.map((p) => [p.path, `${PRERENDER_DIR}/${p.file}`])),
    shells: manifest.shells
      .toSorted((a, b) => patternRank(b.pattern) - patternRank(a.pattern))
      .map((s) => ({
        pattern: s.pattern,
        match: patternRegExp(s.pattern),
        file: `${PRERENDER_DIR}/${s.file}`,
        ...(s.ssrFile ? { ssrFile: `${PRERENDER_DIR}/${s.ssrFile}` } : {}),
      })),
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
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
async function loadRenderer(root: string, log: FastifyBaseLogger): Promise<CustomerPageRenderer | null> {
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
function customerPages(app: FastifyInstance, root: string, loadRenderer: () => Promise<CustomerPageRenderer | null>) {
  const readFirstScreen = firstScreenReader(app);
  const publicConfig = publicConfigBody(app.config);
  const templates = new Map<string, string>();
  const template = (file: string) => {
    let html = templates.get(file);
    if (html === undefined) templates.set(file, (html = readFileSync(path.join(root, file), 'utf8')));
    return html;
  };
  return async (req: FastifyRequest, pathname: string, file: string): Promise<string | null> => {
    if (!app.hasDecorator('pageSession')) return null;
    const who = await app.pageSession(req);
    const renderer = who && (await loadRenderer());
    if (!who || !renderer) return null;
    const html = template(file);
    if (!ROOT_ELEMENT.test(html)) return null;
    try {
      const stored = selectedContractFromCookie(req.cookies[SELECTED_CONTRACT_COOKIE]);
      // The same body the early script would send, checked as the boot checks it.
      const data = await readFirstScreen(who.customerId, BootBody.parse(firstScreenRequest(pathname, stored)) ?? {});
      const page = await renderer.renderCustomerPage(req.url, { loggedIn: true, selectedContract: stored, publicConfig, data });
      if (!page) return null;
      let out = html
        .replace('<html lang="pt-BR">', '<html lang="pt-BR" data-ssr>')
        .replace(ROOT_ELEMENT, () => `<div id="root" data-ssr>${page.html}</div>${page.dataScript}`);
      if (page.title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title!} — Guarita</title>`);
      return out;
    } catch (err) {
      req.log.warn({ err, path: pathname }, 'server render failed: the skeleton was sent');
      return null;
    }
  };
}

/**
 * Serves the built SPA. Hashed files under /assets/ are immutable; everything else (HTML above all) is
 * revalidated. Files are sent precompressed (.br/.gz written by the build) when the browser accepts it.
 * The public pages prerendered at build are answered with their own HTML; any other non-API GET that is
 * not a file falls back to index.html (history routing), whose skeleton shows at once.
 * `/robots.txt` and `/sitemap.xml` list the public pages under `publicUrl`.
 */
export default fp(async (app, opts: { root: string; publicUrl: string }) => {
  const index = path.join(opts.root, 'index.html');
  const hasWeb = existsSync(index);
  const prerendered = hasWeb ? readPrerendered(opts.root) : { pages: new Map<string, string>(), shells: [] };
  const origin = opts.publicUrl.replace(/\/+$/, '');
  let renderer: Promise<CustomerPageRenderer | null> | undefined;
  const renderCustomerPage = customerPages(
    app,
    opts.root,
    () => (renderer ??= hasWeb ? loadRenderer(opts.root, app.log) : Promise.resolve(null)),
  );
  app.decorate('warmUpServerRender', async () => {
    const loaded = await (renderer ??= hasWeb ? loadRenderer(opts.root, app.log) : Promise.resolve(null));
    await loaded?.warmUp(prerendered.shells.map((s) => s.pattern.replace(/:\w+/g, '1')));
  });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The prerendered pages are answered at their route's path, not at a second URL of their own.
      allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDER_DIR}/`),
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const textReply = (type: string, body: string) => (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('content-type', type).header('cache-control', 'public, max-age=3600').send(body);

  const robots = ['User-agent: *', 'Disallow: /api/', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  const sitemapPaths = prerendered.pages.size ? [...prerendered.pages.keys()] : ['/'];
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapPaths.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  app.get('/robots.txt', { schema: { hide: true } }, textReply('text/plain; charset=utf-8', robots));
  app.get('/sitemap.xml', { schema: { hide: true } }, textReply('application/xml; charset=utf-8', sitemap));

  app.setNotFoundHandler(async (req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?');
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      const pathname = req.url.split('?')[0]!;
      const match = prerendered.shells.find((s) => s.match.test(pathname));
      const shell = match?.file;
      const rendered = match?.ssrFile && req.method === 'GET' ? await renderCustomerPage(req, pathname, match.ssrFile) : null;
      if (rendered) {
        // The customer's own data: never stored by a cache, the browser's included. Compressed as the API's answers
        // are (brotli at quality 4, else gzip): @fastify/compress does not reach the not-found handler's replies.
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('vary', 'accept-encoding, cookie');
        const accepted = String(req.headers['accept-encoding'] ?? '');
        if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(await brotli(rendered, BROTLI_FAST));
        if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzip(rendered));
        return reply.send(rendered);
      }
      return reply.sendFile(prerendered.pages.get(pathname) ?? shell ?? 'index.html');
    }
    return reply.code(404).send({ sucesso: false, status: 404, erro: 'NOT_FOUND', mensagem: 'Não encontrado.' });
  });
});

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
