import { createHmac, hkdfSync } from 'node:crypto';

/**
 * One key per use of AUTH_SECRET (ADR 062): a key that leaks through one use (a log of device cookies, a debug dump of
 * the captcha's settings) gives nothing for the others, and none of them is the secret itself.
 */
export const KEY_PURPOSES = [
  'access-token',
  'staff-token',
  'login-code',
  'refresh-token',
  'refresh-successor',
  'device-cookie',
  'decoy-contacts',
  'altcha',
  'staff-totp-seal',
  'idempotency',
  'sso-token',
  'passkey',
] as const;

export type KeyPurpose = (typeof KEY_PURPOSES)[number];

export interface PurposeKey {
  /** Names the secret it was derived from (not the purpose): a token's `kid`, a sealed value's prefix. */
  kid: string;
  key: Buffer;
}

const SALT = 'guarita-keys';

/** HKDF-SHA256 of the secret with the purpose as its label. */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, `guarita/${purpose}`, 32));
}

/** A public name for a secret: derived under a label of its own, so it tells nothing about any purpose's key. */
export function keyId(secret: string): string {
  return Buffer.from(hkdfSync('sha256', secret, SALT, 'guarita/key-id', 6)).toString('base64url');
}

/**
 * AUTH_SECRET (current: signs, seals, hashes) and AUTH_SECRET_PREVIOUS (only verifies and opens, until what it made has
 * expired or been re-sealed). Keys are derived once per secret and purpose.
 */
export class Keyring {
  private readonly secrets: { kid: string; secret: string }[];
  private readonly derived = new Map<string, Buffer>();

  constructor(current: string, previous?: string | null) {
    this.secrets = [{ kid: keyId(current), secret: current }];
    if (previous && previous !== current) this.secrets.push({ kid: keyId(previous), secret: previous });
  }

  /** The current secret's id. */
  get kid(): string {
    return this.secrets[0]!.kid;
  }

  /** Whether a previous secret is configured (a rotation is under way). */
  get rotating(): boolean {
    return this.secrets.length > 1;
  }

  /** The current key of a purpose: what signs, seals and hashes. */
  key(purpose: KeyPurpose): Buffer {
    return this.all(purpose)[0]!.key;
  }

  /** Current first, then previous: what verifies and opens. */
  all(purpose: KeyPurpose): PurposeKey[] {
    return this.secrets.map((s) => ({ kid: s.kid, key: this.derive(s, purpose) }));
  }

  /** The key of a purpose under the secret a token or sealed value names; undefined for an unknown id. */
  byKid(purpose: KeyPurpose, kid: string | undefined): Buffer | undefined {
    const s = this.secrets.find((x) => x.kid === kid);
    return s && this.derive(s, purpose);
  }

  /**
   * The keys of the scheme before ADR 062 (HMAC-SHA256 of the secret itself with a label), current secret first: only
   * to open what they sealed until it is re-sealed, never to make anything new.
   */
  legacy(label: string): Buffer[] {
    return this.secrets.map(({ secret }) => createHmac('sha256', secret).update(label).digest());
  }

  /** Keyed hash (HMAC-SHA256, base64url) under the current key. */
  hash(purpose: KeyPurpose, ...parts: string[]): string {
    return hmac(this.key(purpose), parts);
  }

  /** The same hash under each key, current first: a stored hash made before a rotation is still found. */
  hashes(purpose: KeyPurpose, ...parts: string[]): string[] {
    return this.all(purpose).map(({ key }) => hmac(key, parts));
  }

  private derive(s: { kid: string; secret: string }, purpose: KeyPurpose): Buffer {
    const id = `${s.kid}/${purpose}`;
    let key = this.derived.get(id);
    if (!key) {
      key = deriveKey(s.secret, purpose);
      this.derived.set(id, key);
    }
    return key;
  }
}

function hmac(key: Buffer, parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\u0000')).digest('base64url');
}
