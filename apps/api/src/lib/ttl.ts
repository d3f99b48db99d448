/**
 * lru-cache counts an entry stale once its age is strictly more than its `ttl`; our caches end an entry at the very
 * instant it stops being valid (a token at its expiry, a login at its last live millisecond). One millisecond less
 * makes the two agree; 0 means "do not keep".
 */
export function expiringTtl(validForMs: number): number {
  return validForMs > 1 ? validForMs - 1 : 0;
}
