/**
 * `npm run build:api`: the API's production artefact (ADR 063), apps/api/dist, run by plain `node` without tsx or any
 * dev dependency: `node apps/api/dist/server.js` (with `--import ./apps/api/dist/tracing/preload.js`),
 * `node apps/api/dist/migrate-cli.js` (`npm run migrate`), and the operator tools `staff-create.js` and `keys-reseal.js`.
 *
 * esbuild bundles our own TypeScript: apps/api and the workspace packages it imports (@guarita/domain is consumed as
 * TypeScript source, which Node does not run from node_modules). Every npm package stays an import that Node
 * resolves from node_modules at run time: their native parts (argon2, sharp), wasm (PGlite) and data files (pdfkit's
 * fonts, swagger-ui's assets) are found next to their own code, and `npm ci --omit=dev` installs exactly them.
 *
 * The entries share chunks (one copy of each module, so state such as the tracing switch is the same for every entry),
 * all written flat in dist/: code that finds files next to itself through import.meta.url then sees apps/api/dist,
 * one level under apps/api as src/ is, so `../../web/dist` is still the web build. The migrations are read the same
 * way, from dist/migrations, a copy of src/db/migrations made here.
 */
import { cpSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiDir, '../..');
const outdir = path.join(apiDir, 'dist');

/** dist/<name>.js ← source. A new entry point that must run without tsx in production goes here. */
const ENTRIES: Record<string, string> = {
  server: 'src/server.ts',
  // `node --import ./apps/api/dist/tracing/preload.js apps/api/dist/server.js` (ADR 067): before the server's modules.
  'tracing/preload': 'src/tracing/preload.ts',
  // `npm run migrate` (ADR 064).
  'migrate-cli': 'src/migrate-cli.ts',
  'staff-create': 'scripts/staff-create.ts',
  'keys-reseal': 'scripts/keys-reseal.ts',
};

/** Where Node looks for a package imported from dist/ (node_modules of apps/api, then of the repository's root). */
const reachable = [path.join(apiDir, 'node_modules'), path.join(repoRoot, 'node_modules')].map((d) => d + path.sep);

/**
 * npm packages stay external when Node will find them from dist/ at run time; our workspace packages (resolved through
 * their symlink to TypeScript source) and anything only another workspace's node_modules holds are bundled.
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      if (args.pluginData === 'inner') return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'inner' });
      if (found.errors.length > 0) return { errors: found.errors };
      if (reachable.some((dir) => found.path.startsWith(dir))) return { path: args.path, external: true };
      return { path: found.path };
    });
  },
};

/** 'pino', '@fastify/static' from 'pino/file', '@fastify/static/x'. */
function packageName(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

function readPackageJson(dir: string): { dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
}

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: apiDir,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(apiDir, file)])),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The oldest Node the artefact supports (README, ADR 063).
  target: 'node22.12',
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  // Stack traces and log lines keep our function and class names.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
const migrations = path.join(apiDir, 'src/db/migrations');
cpSync(migrations, path.join(outdir, 'migrations'), { recursive: true });
for (const name of Object.keys(ENTRIES)) if (!existsSync(path.join(outdir, `${name}.js`))) throw new Error(`dist/${name}.js missing`);

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const bytes = outputs.reduce((n, [file]) => n + statSync(path.join(apiDir, file)).size, 0);
const external = new Set(
  outputs.flatMap(([, o]) => o.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => packageName(i.path))),
);
// `npm ci --omit=dev` installs only production dependencies: a package the code imports that is a dev dependency (or
// nobody's) would fail only in production, when that code first runs. Refused here, at build time.
const production = new Set(['apps/api', 'packages/domain'].flatMap((dir) => Object.keys(readPackageJson(dir).dependencies ?? {})));
const missing = [...external].filter((name) => !production.has(name));
if (missing.length)
  throw new Error(`imported by the API but not a production dependency of apps/api or packages/domain: ${missing.join(', ')}`);
console.log(
  `api: ${outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB in apps/api/dist (${Object.keys(ENTRIES).join(', ')}; ${external.size} npm packages left to node_modules) in ${Date.now() - started} ms`,
);
