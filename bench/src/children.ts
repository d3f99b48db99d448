import { spawn, type ChildProcess } from 'node:child_process';
import type { Cleanup } from './cleanup';
import { sleep } from './net';
import { listensOn } from './port-owner';

/** A server running in its own Node process; its output is kept (tail only) for error messages. */
export interface ServerProcess {
  name: string;
  pid: number;
  exited: Promise<number | null>;
  tail(): string;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  name: string;
  cwd: string;
  /** Arguments after `node`. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Pin the process (all its threads) to this CPU with taskset. */
  cpu?: number;
}

const TAIL_CHARS = 4000;

export function spawnServer(opts: SpawnOptions, cleanup: Cleanup): ServerProcess {
  // taskset execs node in place, so the pid we get is node's own (needed for /proc/<pid>/status).
  const [cmd, args] =
    opts.cpu === undefined ? [process.execPath, opts.args] : ['taskset', ['-c', String(opts.cpu), process.execPath, ...opts.args]];
  const child: ChildProcess = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`${opts.name}: could not start ${cmd}`);
  const pid = child.pid;

  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
    child.once('error', (err) => {
      keep(Buffer.from(`\n${err.message}`));
      resolve(null);
    });
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  const stop = async () => {
    if (!isRunning()) return;
    child.kill('SIGTERM');
    if ((await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])) || !isRunning()) return;
    child.kill('SIGKILL');
    await Promise.race([exited, sleep(2000)]);
  };
  const killSync = () => {
    if (isRunning()) child.kill('SIGKILL');
  };
  cleanup.add(`stop ${opts.name} (pid ${pid})`, stop, killSync);

  return { name: opts.name, pid, exited, tail: () => output.trim(), stop };
}

/**
 * Waits until the process listens on the port of `url` itself (not some other process that grabbed the
 * port first) and `url` answers 2xx; fails early if the process dies, and after `timeoutMs`.
 */
export async function waitUntilReady(server: ServerProcess, url: string, timeoutMs = 60_000): Promise<void> {
  const port = Number(new URL(url).port);
  let died = false;
  void server.exited.then(() => {
    died = true;
  });
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (died) throw new Error(`${server.name} exited before it was ready:\n${server.tail()}`);
    if (listensOn(server.pid, port) === false) {
      lastError = `not listening on ${port} yet`;
      await sleep(100);
      continue;
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await sleep(200);
  }
  throw new Error(`${server.name} not ready after ${timeoutMs / 1000} s (${lastError}):\n${server.tail()}`);
}
