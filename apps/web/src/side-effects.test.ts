import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json';

const webDir = path.resolve(__dirname, '..');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name)) yield full;
  }
}

/** Top-level statements that do something when the module loads (calls, assignments), not declarations. */
function hasTopLevelEffects(file: string): boolean {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements.some((s) => ts.isExpressionStatement(s));
}

describe('apps/web package.json sideEffects (ADR 025)', () => {
  it('lists every module whose top-level code must run, or the bundler may drop it', () => {
    const listed = new Set((pkg.sideEffects as string[]).filter((p) => p.startsWith('./')).map((p) => path.join(webDir, p)));
    const entry = path.join(webDir, 'src/main.tsx');
    const missing = [...sources(path.join(webDir, 'src'))]
      .filter((f) => f !== entry && hasTopLevelEffects(f) && !listed.has(f))
      .map((f) => path.relative(webDir, f));
    expect(missing).toEqual([]);
  });
});
