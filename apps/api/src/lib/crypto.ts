import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 6 digits from the CSPRNG, zero-padded. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Keyed hash: a stolen database does not reveal codes or tokens, and a 6-digit space cannot be brute-forced offline. */
export function keyedHash(secret: string | Buffer, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
