import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { paths } from '../../apps/web/src/lib/paths';

/**
 * What the web router loads for a route: the module specifiers of the lazy route objects on the way
 * down (layouts first, the page last), read from the router source with the TypeScript parser.
 */
export interface RouteModules {
  path: string;
  /** `import('…')` specifiers of every lazy route from the root to this one, relative to the router file. */
  lazyModules: string[];
}

type Scope = Map<string, ts.Expression>;

function unwrap(node: ts.Expression): ts.Expression {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression(n)) n = n.expression;
  return n;
}

/** An identifier declared with `const x = …` in the router file resolves to its initializer. */
function resolve(node: ts.Expression, scope: Scope, seen = new Set<string>()): ts.Expression {
  const n = unwrap(node);
  if (ts.isIdentifier(n) && scope.has(n.text) && !seen.has(n.text)) {
    seen.add(n.text);
    return resolve(scope.get(n.text)!, scope, seen);
  }
  return n;
}

/**
 * Every `import('spec')` reachable from `node`, following local identifiers, in source order: a helper's own
 * import (the router's `withQuery` brings TanStack Query's provider) comes before the route module it wraps.
 */
function dynamicImportsIn(node: ts.Node, scope: Scope, seen = new Set<string>()): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = n.arguments[0];
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) found.push(arg.text);
      return;
    }
    if (ts.isIdentifier(n) && scope.has(n.text) && !seen.has(n.text)) {
      seen.add(n.text);
      found.push(...dynamicImportsIn(scope.get(n.text)!, scope, seen));
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return [...new Set(found)];
}

/** Route objects of an array-ish expression: literals, spreads, identifiers, `helper(routes)` calls. */
function routeObjects(node: ts.Expression, scope: Scope): ts.ObjectLiteralExpression[] {
  const n = resolve(node, scope);
  if (ts.isArrayLiteralExpression(n)) {
    return n.elements.flatMap((el) => {
      if (ts.isSpreadElement(el)) return routeObjects(el.expression, scope);
      const obj = resolve(el, scope);
      return ts.isObjectLiteralExpression(obj) ? [obj] : [];
    });
  }
  // e.g. exact(customerRoutes) or customerRoutes.map(…): the routes are the array inside.
  if (ts.isCallExpression(n)) {
    if (ts.isPropertyAccessExpression(n.expression)) return routeObjects(n.expression.expression, scope);
    for (const arg of n.arguments) {
      const found = routeObjects(arg, scope);
      if (found.length) return found;
    }
  }
  return [];
}

function property(obj: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) {
      return p.initializer;
    }
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return p.name;
  }
  return undefined;
}

/** A route path: a string literal, or `paths.a.b` read from the web's own route table (apps/web/src/lib/paths.ts). */
function pathText(node: ts.Expression | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  const chain: string[] = [];
  let n: ts.Expression = node;
  while (ts.isPropertyAccessExpression(n)) {
    chain.unshift(n.name.text);
    n = n.expression;
  }
  if (!ts.isIdentifier(n) || n.text !== 'paths') return undefined;
  const value = chain.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), paths);
  return typeof value === 'string' ? value : undefined;
}

function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

export function readRoutes(routerFile: string, exportName = 'routes'): Map<string, RouteModules> {
  const source = ts.createSourceFile(routerFile, readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const scope: Scope = new Map();
  const collect = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) scope.set(n.name.text, n.initializer);
    ts.forEachChild(n, collect);
  };
  collect(source);
  const root = scope.get(exportName);
  if (!root) throw new Error(`${routerFile}: no 'const ${exportName}' route table`);

  const table = new Map<string, RouteModules>();
  const walk = (objs: ts.ObjectLiteralExpression[], parentPath: string, lazyModules: string[]): void => {
    for (const obj of objs) {
      const pathNode = property(obj, 'path');
      const ownPath = pathText(pathNode);
      const fullPath = ownPath === undefined ? parentPath : joinPath(parentPath, ownPath);
      // `...lazyRoute(() => import('…'))`, `...payments` (a const holding one) or a data router's `lazy: …`: whichever
      // form, the import()s inside name the chunks (the route's last).
      const loaders = obj.properties.filter(
        (p) => ts.isSpreadAssignment(p) || (p.name && ts.isIdentifier(p.name) && p.name.text === 'lazy'),
      );
      const specs = [...new Set(loaders.flatMap((p) => dynamicImportsIn(p, scope)))];
      const modules = [...lazyModules, ...specs];
      if (ownPath !== undefined && !table.has(fullPath)) table.set(fullPath, { path: fullPath, lazyModules: modules });
      const children = property(obj, 'children');
      if (children) walk(routeObjects(children, scope), fullPath, modules);
    }
  };
  walk(routeObjects(root, scope), '', []);
  return table;
}
