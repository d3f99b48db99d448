import { LRUCache } from 'lru-cache';
import { expiringTtl } from '../../lib/ttl';

/** How long a login seen live on the database is trusted without asking again (ADR 049). */
export const LIVENESS_TTL_MS = 5_000;
/** Entries kept at most; past it the least recently used go first. */
export const LIVENESS_MAX_ENTRIES = 10_000;

/**
 * In-process memory of the logins (token families) the database answered as live, so the session check on every
 * authenticated request does not cost a query. Only "live" is remembered, for at most LIVENESS_TTL_MS and never past
 * the family's own expiry; a revocation made by this process forgets the family at once, so logout and reuse
 * detection act immediately here. Another instance's revocation is seen within LIVENESS_TTL_MS (ADR 049).
 */
export class FamilyLiveness {
  /** Family id → the customer it was seen live for; each entry lives `ttlMs`, never past the family's expiry. */
  private readonly live: LRUCache<string, number>;

  constructor(
    private readonly ttlMs = LIVENESS_TTL_MS,
    maxEntries = LIVENESS_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {
    this.live = new LRUCache({ max: maxEntries, perf: { now }, ttlResolution: 0 });
  }

  /** True when the family was seen live for this very customer and the memory is still fresh. */
  isLive(familyId: string, customerId: number): boolean {
    return this.live.get(familyId) === customerId;
  }

  remember(familyId: string, customerId: number, expiresAt: Date): void {
    const ttl = expiringTtl(Math.min(this.ttlMs, expiresAt.getTime() - this.now()));
    if (ttl > 0) this.live.set(familyId, customerId, { ttl });
    else this.live.delete(familyId);
  }

  forget(familyId: string): void {
    this.live.delete(familyId);
  }
}
