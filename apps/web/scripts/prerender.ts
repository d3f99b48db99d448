/**
 * After `vite build`: renders the public pages to HTML (React's static prerender inside React Router's
 * StaticRouter), writes them to dist/prerendered/ with a manifest the server reads, then precompresses
 * every text file of dist (brotli and gzip) for the server to send as is.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { CUSTOMER_LAYOUT, PUBLIC_LAYOUT, QUERY_PROVIDER, ROUTE_MODULES, SHELL_ROUTES } from './prerender-routes';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const PRERENDER_DIR = 'prerendered'; // apps/api/src/plugins/web.ts reads it
const ssrOut = path.join(dist, PRERENDER_DIR, 'server');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The server-rendered variant of a customer route's HTML (apps/api/src/plugins/web.ts fills its root). */
const ssrFileOf = (file: string) => file.replace(/\.html$/, '-ssr.html');

function preloadsFor(manifest: Record<string, ManifestChunk>, source: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the client build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((f) => files.add(f));
    chunk.imports?.forEach(visit);
  };
  visit(source);
  return [...files];
}

/**
 * Fails the build when zod (or tus-js-client, below) is in what every page loads before it runs: the entry sets zod's `jitless` in its own body,
 * after its static imports ran, so a zod schema built in one of them probes for `new Function` first — a CSP eval
 * violation on every page — and the entry grows by zod's ~90 KB (ADR 025; a domain constant imported from a module
 * with schemas did both in issue 30).
 */
function assertNoZodInEntry(manifest: Record<string, ManifestChunk>): void {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("prerender: the client build's manifest has no entry");
  const statics = new Set<string>();
  const visit = (key: string) => {
    if (statics.has(key)) return;
    statics.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  manifest[entry]?.imports?.forEach(visit);
  for (const key of statics) {
    const file = manifest[key]!.file;
    if (readFileSync(path.join(dist, file), 'utf8').includes('Encountered Promise during synchronous parse')) {
      throw new Error(`prerender: zod is in ${file}, which the entry imports statically (ADR 025: zod stays out of the entry)`);
    }
  }
  // tus-js-client (~16 KB gzip) is loaded by the upload manager on the first upload only (ADR 093).
  for (const key of [entry, ...statics]) {
    const file = manifest[key]!.file;
    if (readFileSync(path.join(dist, file), 'utf8').includes('Tus-Resumable')) {
      throw new Error(`prerender: tus-js-client is in ${file}, which every page loads (ADR 093: it loads on the first upload)`);
    }
  }
}

/**
 * Fails the build when two chunks import each other, directly or not: their modules would run in an order their
 * sources never asked for (a module reading another's export before it ran), or the entry's top-level await would
 * wait on itself; the page would not start (ADR 025: what two tries of chunk groups did). Automatic splitting makes
 * none; this keeps any change of `codeSplitting` in vite.config.ts honest.
 */
function assertNoChunkCycle(manifest: Record<string, ManifestChunk>): void {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string, trail: string[]) => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'open') {
      const cycle = [...trail.slice(trail.indexOf(key)), key].map((k) => manifest[k]?.file ?? k);
      throw new Error(`prerender: the client build's chunks import each other: ${cycle.join(' → ')}`);
    }
    state.set(key, 'open');
    manifest[key]?.imports?.forEach((next) => visit(next, [...trail, key]));
    state.set(key, 'done');
  };
  Object.keys(manifest).forEach((key) => visit(key, []));
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function prerender(): Promise<void> {
  // One server build: the public pages' renderer (used here, then left) and the customer pages' (ADR 059), which
  // the API loads from dist/prerendered/server/ — a folder the web plugin never serves.
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    // Self-contained: the API loads it from wherever WEB_DIST puts the build, with no node_modules beside it.
    ssr: { noExternal: true },
    build: {
      ssr: true,
      outDir: ssrOut,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { input: { 'entry-prerender': 'src/entry-prerender.tsx', 'entry-server': 'src/entry-server.tsx' } },
    },
  });
  try {
    const entry = (await import(pathToFileURL(path.join(ssrOut, 'entry-prerender.js')).href)) as typeof import('../src/entry-prerender');
    const manifestFile = path.join(dist, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    assertNoChunkCycle(manifest);
    assertNoZodInEntry(manifest);
    const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const shell = /<div id="root">\s*<!--app-->[\s\S]*?<!--\/app-->\s*<\/div>/;
    if (!shell.test(template)) throw new Error('prerender: index.html has no <div id="root"><!--app-->…<!--/app--></div>');
    const already = new Set(template.match(/\/assets\/[^"]+/g) ?? []);
    /** The chunks (and their CSS) of `modules` that the template does not load already, as <head> tags. */
    const headTags = (modules: string[]) => {
      const needed = [...new Set(modules.flatMap((m) => preloadsFor(manifest, m)))].map((f) => `/${f}`).filter((f) => !already.has(f));
      // The route's stylesheets go into the page itself: left to the route chunk's loader, they would arrive
      // after the first paint and move everything the HTML had laid out (CLS 0.2–0.4 on a phone).
      return [
        ...needed.filter((f) => f.endsWith('.css')).map((f) => `<link rel="stylesheet" crossorigin href="${f}">`),
        ...needed.filter((f) => f.endsWith('.js')).map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
      ].join('\n    ');
    };
    const loader = await writeBootScript('deferred-entry');
    // `defer`, not `async`: the HTML runs deferred classic scripts and module scripts in document order, so the app's
    // module always finds the boot request started (an async script that arrived late made the app refresh on its
    // own and the boot's data go unused; seen on a loaded CI machine).
    const earlyRefresh = `<script defer src="${await writeBootScript('early-refresh')}"></script>`;
    const write = (file: string, html: string, tags: string, opts: { deferModules: boolean }) => {
      let out = tags ? html.replace('</head>', `  ${tags}\n  </head>`) : html;
      if (opts.deferModules) out = deferModules(out, loader);
      writeFileSync(path.join(dist, PRERENDER_DIR, file), inlineStylesheets(out));
    };

    mkdirSync(path.join(dist, PRERENDER_DIR), { recursive: true });
    for (const page of entry.PRERENDER_PAGES) {
      const source = ROUTE_MODULES[page.path];
      if (!source) throw new Error(`prerender: no route module listed for ${page.path}`);
      const html = await entry.render(page.path);
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      let out = template.replace(shell, () => `<div id="root" data-prerendered>${html}</div>`);
      if (h1 && page.path !== '/') out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(h1)} — Guarita</title>`);
      write(page.file, out, headTags([PUBLIC_LAYOUT, source]), { deferModules: true });
    }
    for (const route of new Set(SHELL_ROUTES.map((r) => r.file))) {
      const { source, also = [] } = SHELL_ROUTES.find((r) => r.file === route)!;
      const html = withEarlyRefresh(template, earlyRefresh);
      const tags = headTags([QUERY_PROVIDER, CUSTOMER_LAYOUT, source, ...also]);
      // A logged-in page's skeleton needs its modules and data: they start at once.
      write(route, html, tags, { deferModules: false });
      // The same page rendered by the server with its first screen (ADR 059) is whole in its HTML: its modules,
      // which only hydrate it, come after its first paint, as a public page's do.
      write(ssrFileOf(route), html, tags, { deferModules: true });
    }
    // Every other route's index.html: its stylesheets inline as well.
    writeFileSync(path.join(dist, 'index.html'), inlineStylesheets(withEarlyRefresh(template, earlyRefresh)));
    writeFileSync(
      path.join(dist, PRERENDER_DIR, 'manifest.json'),
      JSON.stringify(
        {
          pages: entry.PRERENDER_PAGES.map((p) => ({ path: p.path, file: p.file })),
          shells: SHELL_ROUTES.map((r) => ({ pattern: r.pattern, file: r.file, ssrFile: ssrFileOf(r.file) })),
        },
        null,
        2,
      ),
    );
    // The build manifest served nobody; it is not published.
    rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
  } catch (err) {
    rmSync(ssrOut, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The page's stylesheets inline (`<style>`; the CSP allows inline styles): a stylesheet blocks the first paint,
 * and a dozen small ones cost a phone on a slow network several round trips before anything shows. Each keeps a
 * `disabled` `<link>` with its URL, which the browser does not fetch (HTML: a disabled stylesheet is not
 * obtained) but which Vite's preload helper finds among the page's stylesheets, so a route chunk loaded later
 * does not fetch the same CSS again and wait for it.
 */
function inlineStylesheets(html: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g, (_, href: string) => {
    const css = readFileSync(path.join(dist, href), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`prerender: ${href} cannot be inlined (it contains </style)`);
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`;
  });
}

/** `entry` bundled on its own, minified, as a classic script (an IIFE named `name`); answers its code. */
async function bundleClassicScript(entry: string, name: string, define: Record<string, string> = {}): Promise<string> {
  const out = await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    define,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: path.join(webDir, entry), formats: ['iife'], name },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
  const js = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk')?.code;
  if (!js) throw new Error(`prerender: ${entry} bundled to nothing`);
  return js;
}

/**
 * `src/boot/<name>.ts` bundled (the early refresh imports the domain's first-screen rule, nothing else) to a classic
 * script under a content-hashed name; answers its URL.
 */
async function writeBootScript(script: 'deferred-entry' | 'early-refresh'): Promise<string> {
  const js = await bundleClassicScript(`src/boot/${script}.ts`, script.replace(/-/g, '_'));
  const name = `assets/${script}-${createHash('sha256').update(js).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(path.join(dist, name), js);
  return `/${name}`;
}

/** The early refresh goes first in <head>, before the module script it must run ahead of: its answer is on every logged-in page's critical path. */
function withEarlyRefresh(html: string, tag: string): string {
  return html.replace(/(<title>[^<]*<\/title>)/, (title: string) => `${title}\n    ${tag}`);
}

/**
 * A prerendered page loads its modules through the deferred entry (after its first paint) instead of
 * `<script type="module">` and `modulepreload` tags, which the browser fetches while it parses the HTML.
 */
function deferModules(html: string, loader: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!entry) throw new Error('prerender: the page has no module script to defer');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  return html
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(
      /<script type="module" crossorigin src="[^"]+"><\/script>/,
      () => `<script defer src="${loader}" data-modules="${[entry, ...preloads].join(' ')}"></script>`,
    );
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/** .br (quality 11) and .gz (level 9) beside every text file, when that makes it smaller. */
function precompress(): { files: number; raw: number; br: number } {
  const totals = { files: 0, raw: 0, br: 0 };
  for (const file of files(dist)) {
    // The server's renderer and its pages' templates are read from disk by the API, never sent as they are.
    if (!COMPRESSIBLE.test(file) || file.startsWith(ssrOut + path.sep) || file.endsWith('-ssr.html')) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    totals.files++;
    totals.raw += raw.length;
    totals.br += Math.min(br.length, raw.length);
  }
  return totals;
}

/**
 * Files a service worker keeps: every script, stylesheet and image of the build except what needs the network
 * anyway (the card provider's form), the skeleton page the worker answers offline, the manifest and its icons.
 * Content-hashed files need no revision; the others are revisioned by their content.
 */
const NOT_PRECACHED = /^assets\/adyen-modules-/;
const PRECACHED = /\.(js|css|svg|png|webmanifest)$/;

function precacheEntries(): { url: string; revision: string | null }[] {
  const entries: { url: string; revision: string | null }[] = [];
  for (const file of files(dist)) {
    const rel = path.relative(dist, file).split(path.sep).join('/');
    if (rel.startsWith(`${PRERENDER_DIR}/`) || rel === 'sw.js' || NOT_PRECACHED.test(rel)) continue;
    if (!PRECACHED.test(rel) && rel !== 'index.html') continue;
    const hashed = rel.startsWith('assets/');
    entries.push({
      url: `/${rel}`,
      revision: hashed ? null : createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 12),
    });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * `src/sw/sw.ts` bundled to `/sw.js` (a fixed URL: the browser checks it for a new build at every visit, and the
 * server sends it with `no-cache`), with the list of files to keep in place of `self.__WB_MANIFEST` (ADR 091).
 */
async function writeServiceWorker(): Promise<number> {
  const entries = precacheEntries();
  const js = await bundleClassicScript('src/sw/sw.ts', 'guaritaSw', { 'process.env.NODE_ENV': JSON.stringify('production') });
  const slot = 'self.__WB_MANIFEST';
  if (js.split(slot).length !== 2) throw new Error(`prerender: the service worker must name ${slot} once`);
  writeFileSync(
    path.join(dist, 'sw.js'),
    js.replace(slot, () => JSON.stringify(entries)),
  );
  return entries.reduce((sum, e) => sum + statSync(path.join(dist, e.url)).size, 0);
}

await prerender();
const precached = await writeServiceWorker();
console.log(`service worker: ${(precached / 1024).toFixed(0)} KB of files kept for offline use`);
const t = precompress();
console.log(
  `prerendered ${PRERENDER_DIR}/ and precompressed ${t.files} files: ${(t.raw / 1024).toFixed(0)} KB → ${(t.br / 1024).toFixed(0)} KB brotli`,
);
