import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 28 item 6: SIGTERM under load. The real server (src/server.ts, demo mode on PGlite, the notification worker,
 * the tracking simulator and the housekeeping job all running) is loaded by clients that behave as a load balancer
 * does: they send until /readyz answers 503, then send nothing new. One upload-like request is still arriving, byte by
 * byte, while the server closes. No request that reached the server may fail: every answer 2xx, no reset; once the
 * process is gone, a connection is refused.
 */

const API_ROOT = path.resolve(__dirname, '..');
const DELAY_MS = 1500;

interface Answer {
  path: string;
  status?: number;
  error?: string;
  sentAt: number;
  doneAt: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
    s.once('error', reject);
  });
}

/** One request; `trickleMs`: the body is sent in 20 pieces over that long (a slow upload still arriving). */
function call(agent: Agent, port: number, method: string, urlPath: string, body?: string, trickleMs = 0): Promise<Answer> {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    const done = (a: Omit<Answer, 'path' | 'sentAt' | 'doneAt'>) => resolve({ path: urlPath, sentAt, doneAt: Date.now(), ...a });
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0 }));
        res.on('error', (err) => done({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
      },
    );
    req.on('error', (err) => done({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    if (body === undefined) return void req.end();
    if (trickleMs <= 0) return void req.end(body);
    const pieces = 20;
    const size = Math.ceil(body.length / pieces);
    void (async () => {
      for (let i = 0; i < body.length; i += size) {
        req.write(body.slice(i, i + size));
        await sleep(trickleMs / pieces);
      }
      req.end();
    })();
  });
}

describe('graceful shutdown (SIGTERM under load)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guarita-shutdown-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('readiness turns 503 first, every request that reached the server is answered, then the process exits 0', async () => {
    const port = await freePort();
    const { DATABASE_URL: _pg, MIGRATION_DATABASE_URL: _owner, ...inherited } = process.env;
    let out = '';
    let exit: { code: number | null; at: number } | null = null;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src/server.ts')], {
      cwd: path.resolve(API_ROOT, '../..'),
      env: {
        ...inherited,
        NODE_ENV: 'development',
        DEMO_MODE: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent-guarita-web-dist',
        LOG_LEVEL: 'info',
        RATE_LIMIT_FACTOR: '1000',
        // Everything that runs on a timer runs often, so the shutdown meets them mid-pass.
        NOTIFY_POLL_MS: '200',
        TRACKING_SIMULATOR_INTERVAL_MS: '200',
        SHUTDOWN_DELAY_MS: String(DELAY_MS),
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += String(d)));
    child.stderr!.on('data', (d) => (out += String(d)));
    child.on('exit', (code) => (exit = { code, at: Date.now() }));

    // Start-up (a new PGlite directory, migrations, the demo seed) on a busy machine.
    const probe = new Agent({ keepAlive: false });
    for (const deadline = Date.now() + 120_000; ; await sleep(200)) {
      if (exit) throw new Error(`server exited during start-up\n${out}`);
      if ((await call(probe, port, 'GET', '/readyz')).status === 200) break;
      if (Date.now() > deadline) throw new Error(`server did not start\n${out}`);
    }

    // The load balancer: polls readiness; once it answers anything but 200, no new request is sent.
    let gone = false;
    let firstNotReady = 0;
    const poller = (async () => {
      while (!gone) {
        const r = await call(probe, port, 'GET', '/readyz');
        if (r.status !== 200) {
          gone = true;
          firstNotReady = r.doneAt;
        } else await sleep(100);
      }
    })();
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    const answers: Answer[] = [];
    // A login start for a valid document: the server answers it alike for a customer and for a document it does not
    // know (a decoy session, so that the answer tells no one who is a customer), writing a session either way. The load
    // needs no customer of the demo data.
    const login = JSON.stringify({ documento: generateCpf() });
    const loop = async (i: number) => {
      for (let n = 0; !gone; n++) {
        const a =
          (n + i) % 2 === 0 ? await call(agent, port, 'GET', '/api/config') : await call(agent, port, 'POST', '/api/auth/login', login);
        answers.push(a);
      }
    };
    const loops = Promise.all([0, 1, 2, 3, 4, 5].map(loop));

    await sleep(1500);
    // A slow request (its body arrives over 3 s): SIGTERM comes while it is still arriving, the close while it is in flight.
    const slowAgent = new Agent({ keepAlive: true });
    const slow = call(slowAgent, port, 'POST', '/api/auth/login', `${login}${' '.repeat(2000)}`, DELAY_MS + 1500);
    await sleep(300);
    const termAt = Date.now();
    child.kill('SIGTERM');

    await Promise.all([loops, poller]);
    const slowAnswer = await slow;
    for (const deadline = Date.now() + 30_000; !exit && Date.now() < deadline;) await sleep(50);
    const after = await call(probe, port, 'GET', '/api/config');
    agent.destroy();
    slowAgent.destroy();
    probe.destroy();

    const failed = answers.filter((a) => a.error || (a.status ?? 0) >= 500);
    expect(failed, out).toEqual([]);
    expect(
      answers.every((a) => a.status === 200),
      JSON.stringify(answers.filter((a) => a.status !== 200)),
    ).toBe(true);
    // Load before and during the drain: requests sent after SIGTERM were still served.
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((a) => a.sentAt > termAt).length).toBeGreaterThan(0);
    // Readiness turned 503 within a poll of SIGTERM, well before the server stopped accepting.
    expect(firstNotReady - termAt).toBeLessThan(DELAY_MS);
    // The request still arriving when the server closed was answered, after the close began.
    expect(slowAnswer).toMatchObject({ status: 200 });
    expect(slowAnswer.doneAt - termAt).toBeGreaterThan(DELAY_MS);
    // The process ended by itself, cleanly; then nobody listens.
    expect(exit, out).toMatchObject({ code: 0 });
    expect(after.error).toBe('ECONNREFUSED');
    // In order: readiness, then the server's close (requests, workers), then the pool.
    const lines = out.split('\n');
    const at = (msg: RegExp) => lines.findIndex((l) => msg.test(l));
    expect(at(/shutting down/)).toBeGreaterThan(-1);
    expect(at(/server closed: requests finished, workers stopped/)).toBeGreaterThan(at(/shutting down/));
    expect(at(/database pool closed/)).toBeGreaterThan(at(/server closed/));
  }, 180_000);
});
