import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Secret, TOTP } from 'otpauth';
import type { Keyring } from '../../lib/keys';

/**
 * The staff login's cryptography in one place: argon2id password hashes, the TOTP check with its time step
 * (so a code is accepted once), and the TOTP secret sealed at rest with a key derived from AUTH_SECRET (ADR 062).
 */

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): tens of ms per check, slow for a stolen-hash attack. */
// `algorithm: 2` is Algorithm.Argon2id: the package declares a const enum, which isolatedModules cannot import.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of a random password: unknown e-mails are checked against it, so they cost the same time as known ones. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(phc: string | null, password: string): Promise<boolean> {
  if (phc === null) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(phc, password).catch(() => false);
}

export const TOTP_PERIOD = 30;
const ISSUER = 'Guarita Backoffice';

function totp(secretBase32: string, label = 'staff'): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secretBase32) });
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app enrols from (the command prints it; a QR code of it works too). */
export const otpauthUri = (secretBase32: string, email: string) => totp(secretBase32, email).toString();

/**
 * The time step a code belongs to (current ±1 for clock drift), or null when it is wrong. The caller accepts
 * it only if the step is after the last one accepted for this account (no replay).
 */
export function totpStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD) + delta;
}

/** The current code (demo mode's helper endpoint and the tests). */
export const currentTotp = (secretBase32: string, nowMs: number) => totp(secretBase32).generate({ timestamp: nowMs });

/**
 * AES-256-GCM sealing of the TOTP secret: a copy of the database alone does not give the second factor away.
 * `v2.<kid>.<iv>.<body>.<tag>`: the key id names the AUTH_SECRET it was sealed under, so a rotation can open it with the
 * previous secret and seal it again under the new one (./reseal.ts). 'v1' values (one key for everything, before
 * ADR 062) still open, under either secret, until they are re-sealed.
 */
export class SecretBox {
  constructor(private readonly keys: Keyring) {}

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.keys.key('staff-totp-seal'), iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v2', this.keys.kid, iv.toString('base64url'), body.toString('base64url'), c.getAuthTag().toString('base64url')].join('.');
  }

  /** null when sealed under a secret that is neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS, or tampered with. */
  open(sealed: string): string | null {
    const parts = sealed.split('.');
    if (parts[0] === 'v2' && parts.length === 5) {
      const key = this.keys.byKid('staff-totp-seal', parts[1]);
      return key ? decrypt(key, parts.slice(2)) : null;
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      for (const key of this.keys.legacy('guarita-staff-totp-seal')) {
        const plain = decrypt(key, parts.slice(1));
        if (plain !== null) return plain;
      }
    }
    return null;
  }

  /** Sealed under the current secret's key: nothing for a rotation to do. */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(`v2.${this.keys.kid}.`);
  }
}

function decrypt(key: Buffer, [iv, body, tag]: string[]): string | null {
  if (!iv || !body || !tag) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
