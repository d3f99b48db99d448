/**
 * After `vite build`: renders the public pages to HTML (React's static prerender through React Router's
 * static handler), writes them to dist/prerendered/ with a manifest the server reads, then precompresses
 * every text file of dist (brotli and gzip) for the server to send as is.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const ssrOut = path.join(webDir, '.prerender');
const PRERENDER_DIR = 'prerendered'; // apps/api/src/plugins/web.ts reads it

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The public pages' layout route, lazy as the pages are. */
const PUBLIC_LAYOUT = 'src/features/public/components/PublicLayout.tsx';

/** The route's own lazy module per page, so its chunk (and what it imports) is preloaded with the entry, its CSS linked. */
const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/features/public/components/HomeOrLogin.tsx',
  '/duvidas-frequentes': 'src/features/public/components/FaqPage.tsx',
  '/contato': 'src/features/public/components/ContactPage.tsx',
  '/politica-de-privacidade': 'src/features/public/components/PrivacyPage.tsx',
  '/termos-de-uso': 'src/features/public/components/TermsPage.tsx',
};

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

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function prerender(): Promise<void> {
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/entry-prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false },
  });
  try {
    const entry = (await import(pathToFileURL(path.join(ssrOut, 'entry-prerender.js')).href)) as typeof import('../src/entry-prerender');
    const manifestFile = path.join(dist, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const shell = /<div id="root">\s*<!--app-->[\s\S]*?<!--\/app-->\s*<\/div>/;
    if (!shell.test(template)) throw new Error('prerender: index.html has no <div id="root"><!--app-->…<!--/app--></div>');
    const already = new Set(template.match(/\/assets\/[^"]+/g) ?? []);

    mkdirSync(path.join(dist, PRERENDER_DIR), { recursive: true });
    for (const page of entry.PRERENDER_PAGES) {
      const source = ROUTE_MODULES[page.path];
      if (!source) throw new Error(`prerender: no route module listed for ${page.path}`);
      const html = await entry.render(page.path);
      const needed = [...new Set([PUBLIC_LAYOUT, source].flatMap((m) => preloadsFor(manifest, m)))]
        .map((f) => `/${f}`)
        .filter((f) => !already.has(f));
      // The route's stylesheets go into the page itself: left to the route chunk's loader, they would arrive
      // after the first paint and move everything the HTML had laid out (CLS 0.2–0.4 on a phone).
      const preloads = [
        ...needed.filter((f) => f.endsWith('.css')).map((f) => `<link rel="stylesheet" crossorigin href="${f}">`),
        ...needed.filter((f) => f.endsWith('.js')).map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
      ].join('\n    ');
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      let out = template.replace(shell, () => `<div id="root" data-prerendered>${html}</div>`);
      if (preloads) out = out.replace('</head>', `  ${preloads}\n  </head>`);
      if (h1 && page.path !== '/') out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(h1)} — Guarita</title>`);
      writeFileSync(path.join(dist, PRERENDER_DIR, page.file), out);
    }
    writeFileSync(
      path.join(dist, PRERENDER_DIR, 'manifest.json'),
      JSON.stringify({ pages: entry.PRERENDER_PAGES.map((p) => ({ path: p.path, file: p.file })) }, null, 2),
    );
    // The build manifest served nobody; it is not published.
    rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
  } finally {
    rmSync(ssrOut, { recursive: true, force: true });
  }
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
    if (!COMPRESSIBLE.test(file)) continue;
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

await prerender();
const t = precompress();
console.log(
  `prerendered ${PRERENDER_DIR}/ and precompressed ${t.files} files: ${(t.raw / 1024).toFixed(0)} KB → ${(t.br / 1024).toFixed(0)} KB brotli`,
);
