import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PRERENDER_DIR } from './prerender-dir';
import { sendRenderedPage, serverRenderedPages } from './server-rendered-pages';

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
  const customerPages = serverRenderedPages(app, opts.root, hasWeb);
  app.decorate('warmUpServerRender', () => customerPages.warmUp(prerendered.shells.map((s) => s.pattern.replace(/:\w+/g, '1'))));

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
      const rendered = match?.ssrFile && req.method === 'GET' ? await customerPages.render(req, reply, pathname, match.ssrFile) : null;
      if (rendered) return sendRenderedPage(req, reply, rendered);
      return reply.sendFile(prerendered.pages.get(pathname) ?? shell ?? 'index.html');
    }
    return reply.code(404).send({ sucesso: false, status: 404, erro: 'NOT_FOUND', mensagem: 'Não encontrado.' });
  });
});

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
