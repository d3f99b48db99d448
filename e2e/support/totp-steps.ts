import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The authenticator's period (RFC 6238's 30 s, as the API's staff/secrets.ts). */
export const TOTP_STEP_MS = 30_000;

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The next 30-s step in which this run may log `email` in, reserved across the suite's workers (a file per account
 * and server port, under a lock directory). The API takes one login per account and step (a code is accepted once),
 * and several specs share each demo account: without a queue, two workers raced at every step's start and the one
 * that kept losing gave up after five steps ('staff login failed'). Reserved steps never repeat, so each login has
 * its step to itself, in the order they asked.
 */
export function reserveTotpStep(email: string, port: number | string): number {
  const file = path.join(tmpdir(), `guarita-e2e-totp-${port}-${email.replace(/[^a-z0-9]/gi, '_')}`);
  const lock = `${file}.lock`;
  for (let waited = 0; ; waited += 10) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed worker (held for microseconds otherwise) is taken over after 5 s.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 5_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Gone meanwhile: try again.
      }
      pause(10);
    }
  }
  try {
    let last = 0;
    try {
      last = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      // First login of this account in this run.
    }
    const step = Math.max(Math.floor(Date.now() / TOTP_STEP_MS), last + 1);
    writeFileSync(file, String(step));
    return step;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
