/**
 * The web build: a first build with automatic splitting, not written, whose chunks give the chunk plan
 * (build/chunk-plan.ts); the real build with the plan's groups; then the prerender and precompression
 * (scripts/prerender.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chunkPlan, type OutputChunkLike } from '../build/chunk-plan';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configFile = path.join(webDir, 'vite.config.ts');

const first = await build({ root: webDir, configFile, logLevel: 'warn', build: { write: false } });
const outputs = (Array.isArray(first) ? first : [first]).flatMap((o) => ('output' in o ? o.output : []));
const plan = chunkPlan(outputs as OutputChunkLike[]);
const planFile = path.join(webDir, 'node_modules', '.cache', 'guarita-chunk-plan.json');
mkdirSync(path.dirname(planFile), { recursive: true });
writeFileSync(planFile, JSON.stringify(plan));
console.log(
  `chunk plan: ${Object.entries(plan)
    .map(([name, ids]) => `${ids.length} modules in ${name}`)
    .join(', ')}`,
);

process.env.GUARITA_CHUNK_PLAN = planFile;
await build({ root: webDir, configFile });
delete process.env.GUARITA_CHUNK_PLAN;
await import('./prerender');
