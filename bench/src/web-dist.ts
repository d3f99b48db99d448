import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The built web app as a module graph: which JS files index.html loads, and what each chunk
 * imports statically (always loaded with it) or dynamically (loaded on demand, e.g. a route).
 */
interface ChunkImports {
  staticImports: string[];
  dynamicImports: string[];
}

interface ManifestEntry {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

export class WebDist {
  private readonly chunks = new Map<string, ChunkImports>();
  private readonly manifest: Record<string, ManifestEntry> | undefined;

  constructor(readonly dir: string) {
    const manifestFile = path.join(dir, '.vite', 'manifest.json');
    this.manifest = existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>)
      : undefined;
  }

  /** The module scripts and modulepreload links of index.html, as absolute file paths. */
  entryFiles(): string[] {
    const html = readFileSync(path.join(this.dir, 'index.html'), 'utf8');
    const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const urls: string[] = [];
    for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
      if (/\btype\s*=\s*["']module["']/i.test(tag)) urls.push(attr(tag, 'src') ?? '');
    }
    for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
      if (/\brel\s*=\s*["']modulepreload["']/i.test(tag)) urls.push(attr(tag, 'href') ?? '');
    }
    return urls.filter((u) => u && !/^[a-z]+:\/\//i.test(u)).map((u) => path.join(this.dir, u.replace(/^\//, '').split(/[?#]/)[0]!));
  }

  private imports(file: string): ChunkImports {
    const cached = this.chunks.get(file);
    if (cached) return cached;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    const local = (spec: string) => (spec.startsWith('.') || spec.startsWith('/') ? [this.resolveSpec(file, spec)] : []);
    const result: ChunkImports = { staticImports: [], dynamicImports: [] };
    for (const stmt of source.statements) {
      if (
        (ts.isImportDeclaration(stmt) || ts.isExportDeclaration(stmt)) &&
        stmt.moduleSpecifier &&
        ts.isStringLiteral(stmt.moduleSpecifier)
      ) {
        result.staticImports.push(...local(stmt.moduleSpecifier.text));
      }
    }
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const arg = n.arguments[0];
        if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) result.dynamicImports.push(...local(arg.text));
      }
      ts.forEachChild(n, visit);
    };
    visit(source);
    this.chunks.set(file, result);
    return result;
  }

  private resolveSpec(from: string, spec: string): string {
    return spec.startsWith('/') ? path.join(this.dir, spec.slice(1)) : path.resolve(path.dirname(from), spec);
  }

  /** `files` and everything they import statically, transitively. */
  staticClosure(files: string[]): Set<string> {
    const seen = new Set<string>();
    const queue = [...files];
    while (queue.length) {
      const file = queue.shift()!;
      if (seen.has(file)) continue;
      if (!existsSync(file)) throw new Error(`${path.relative(this.dir, file)} is referenced but missing from the build`);
      seen.add(file);
      queue.push(...this.imports(file).staticImports);
    }
    return seen;
  }

  /**
   * The chunk a source module (e.g. src/features/x/Page.tsx, relative to the web app) was built into.
   * With a Vite manifest, exact; without, by name: Vite names a dynamic chunk after its module
   * (Page-<hash>.js), so look among the chunks some built file imports dynamically.
   */
  chunkFor(sourceFile: string, appDir: string): string | undefined {
    const rel = path.relative(appDir, sourceFile).split(path.sep).join('/');
    if (this.manifest) {
      const entry = this.manifest[rel];
      return entry ? path.join(this.dir, entry.file) : undefined;
    }
    const base = path.basename(sourceFile).replace(/\.[cm]?[jt]sx?$/, '');
    const name = base === 'index' ? path.basename(path.dirname(sourceFile)) : base;
    const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[A-Za-z0-9_-]{8}\\.js$`);
    const candidates = new Set<string>();
    for (const file of this.allChunks()) for (const d of this.imports(file).dynamicImports) candidates.add(d);
    const matches = [...candidates].filter((f) => pattern.test(path.basename(f)));
    if (matches.length > 1) throw new Error(`several chunks look like ${name}: ${matches.map((m) => path.basename(m)).join(', ')}`);
    return matches[0];
  }

  /** The browser's chunks: not the prerender's server build (dist/prerendered/server), which no browser loads. */
  private allChunks(): string[] {
    const out: string[] = [];
    const serverBuild = path.join(this.dir, 'prerendered', 'server');
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) {
          if (path.join(dir, e.name) !== serverBuild) walk(path.join(dir, e.name));
        } else if (/\.m?js$/.test(e.name)) out.push(path.join(dir, e.name));
      }
    };
    walk(this.dir);
    return out;
  }
}
