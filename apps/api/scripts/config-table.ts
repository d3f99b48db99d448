/**
 * The README's configuration table, written from the zod schema of src/config.ts (its `doc()`/`also()` notes): one row
 * per documented variable, with the variables that share it. `npm run docs:config` rewrites the README between the
 * markers; test/config-docs.test.ts fails when the README is not what this writes.
 */
import { EnvSchema, configDocs } from '../src/config';

export const TABLE_START = '<!-- config-table:start (written by npm run docs:config from apps/api/src/config.ts) -->';
export const TABLE_END = '<!-- config-table:end -->';

interface Row {
  names: string[];
  defaults: string[];
  meaning: string;
}

/** The default as a reader wants it: the doc's words, else the schema's own value, else none. */
function shownDefault(schema: (typeof EnvSchema.shape)[keyof typeof EnvSchema.shape], words: string | undefined): string {
  if (words !== undefined) return words;
  const parsed = schema.safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? `\`${String(parsed.data)}\`` : '—';
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function configTable(): string {
  const rows: Row[] = [];
  for (const [name, schema] of Object.entries(EnvSchema.shape)) {
    const note = configDocs.get(schema);
    if (!note) throw new Error(`${name} has no doc() in apps/api/src/config.ts: say what it means, then npm run docs:config`);
    const shown = shownDefault(schema, note.shownDefault);
    if (note.meaning !== undefined) rows.push({ names: [name], defaults: [shown], meaning: note.meaning });
    else {
      const row = rows.at(-1);
      if (!row) throw new Error(`${name} uses also() but no variable above it has a row`);
      row.names.push(name);
      row.defaults.push(shown);
    }
  }
  const lines = rows.map((r) => {
    const defaults = r.defaults.filter(Boolean);
    const d = defaults.every((x) => x === '—') ? '—' : defaults.join(', ');
    return `| ${r.names.map((n) => `\`${n}\``).join(', ')} | ${cell(d)} | ${cell(r.meaning)} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...lines].join('\n');
}

/** The README with its table between the markers replaced by `configTable()`. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} markers`);
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${configTable()}\n\n${readme.slice(end)}`;
}
