import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readRoutes } from './router-routes';
import { WebDist } from './web-dist';

/** The JS a first visit to a route downloads: entry + preloads + the route's lazy chunks, with their static imports. */
export type RouteJs =
  | { route: string; built: true; gzipBytes: number; files: number; largest: { file: string; gzipBytes: number }[] }
  | { route: string; built: false; reason: string };

const PLACEHOLDER_PAGE = 'ComingSoonPage';
const SOURCE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'];

function sourceFile(routerFile: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(routerFile), spec);
  if (/\.[cm]?[jt]sx?$/.test(base) && existsSync(base)) return base;
  return SOURCE_EXTENSIONS.map((ext) => base + ext).find((f) => existsSync(f));
}

export const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export function routeJs(root: string, routes: string[]): RouteJs[] {
  const appDir = path.join(root, 'apps/web');
  const routerFile = path.join(appDir, 'src/app/router.tsx');
  const table = readRoutes(routerFile);
  const dist = new WebDist(path.join(appDir, 'dist'));
  const entry = dist.entryFiles();
  if (!entry.length) throw new Error('apps/web/dist/index.html loads no module script');

  return routes.map((route): RouteJs => {
    const r = table.get(route);
    if (!r) return { route, built: false, reason: 'not built yet (no such route in the router)' };
    const page = r.lazyModules.at(-1);
    if (page && path.basename(page) === PLACEHOLDER_PAGE) return { route, built: false, reason: 'not built yet' };

    const chunks: string[] = [];
    for (const spec of r.lazyModules) {
      const file = sourceFile(routerFile, spec);
      if (!file) return { route, built: false, reason: `not built yet (${spec} does not exist)` };
      const chunk = dist.chunkFor(file, appDir);
      if (!chunk) {
        return { route, built: false, reason: `not built yet (no chunk for ${path.basename(file)} in apps/web/dist; run npm run build)` };
      }
      chunks.push(chunk);
    }
    const files = dist.staticClosure([...entry, ...chunks]);
    const sizes = [...files]
      .filter((f) => /\.m?js$/.test(f))
      .map((f) => ({ file: path.basename(f), gzipBytes: gzipSize(f) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const gzipBytes = sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
    return { route, built: true, gzipBytes, files: sizes.length, largest: sizes.slice(0, 3) };
  });
}
