import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const BUILD_TIMEOUT_MS = 5 * 60_000;

/** Builds apps/web when its dist is missing (or when asked); the build's output is shown only if it fails. */
export async function ensureWebBuilt(root: string, force: boolean): Promise<'built' | 'present'> {
  const index = path.join(root, 'apps/web/dist/index.html');
  if (!force && existsSync(index)) return 'present';
  console.error('bench: building the web app (npm run build -w @guarita/web)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['run', 'build', '-w', '@guarita/web'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString('utf8')).slice(-6000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  if (code !== 0 || !existsSync(index)) throw new Error(`web build failed (exit ${code}):\n${output.trim()}`);
  return 'built';
}
