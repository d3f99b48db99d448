import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../src/config';
import { TABLE_END, TABLE_START, configTable, withConfigTable } from '../scripts/config-table';

/** Issue 28 item 5: the README's configuration table is the schema's, word for word. */
describe("the README's configuration table", () => {
  const readme = readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');

  it('is what npm run docs:config writes from the zod schema (run it after changing src/config.ts)', () => {
    expect(readme).toContain(TABLE_START);
    expect(readme).toContain(TABLE_END);
    expect(readme.slice(readme.indexOf(TABLE_START), readme.indexOf(TABLE_END))).toBe(
      withConfigTable(readme).slice(readme.indexOf(TABLE_START), withConfigTable(readme).indexOf(TABLE_END)),
    );
  });

  it('names every variable the schema reads, once', () => {
    // The first cell of each row: the variables it is about.
    const named = configTable()
      .split('\n')
      .slice(2)
      .flatMap((row) => [...(row.split(' | ')[0] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect(named.sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });
});
