/** `npm run docs:config`: rewrites the README's configuration table from the zod schema (scripts/config-table.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withConfigTable } from './config-table';

const readmePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md');
const before = readFileSync(readmePath, 'utf8');
const after = withConfigTable(before);
if (after !== before) writeFileSync(readmePath, after);
process.stdout.write(
  after === before ? 'README.md: configuration table already up to date\n' : 'README.md: configuration table rewritten\n',
);
