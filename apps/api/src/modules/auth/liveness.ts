/** How long a login seen live on the database is trusted without asking again (ADR 049). */
export const LIVENESS_TTL_MS = 5_000;
/** Entries kept at most; past it the oldest go first (Map keeps insertion order). */
export const LIVENESS_MAX_ENTRIES = 10_000;

/**
 * In-process memory of the logins (token families) the database answered as live, so the session check on every
 * authenticated request does not cost a query. Only "live" is remembered, for at most LIVENESS_TTL_MS and never past
 * the family's own expiry; a revocation made by this process forgets the family at once, so logout and reuse
 * detection act immediately here. Another instance's revocation is seen within LIVENESS_TTL_MS (ADR 049).
 */
export class FamilyLiveness {
  private readonly live = new Map<string, { customerId: number; until: number }>();

  constructor(
    private readonly ttlMs = LIVENESS_TTL_MS,
    private readonly maxEntries = LIVENESS_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the family was seen live for this very customer and the memory is still fresh. */
  isLive(familyId: string, customerId: number): boolean {
    const e = this.live.get(familyId);
    if (!e) return false;
    if (e.until <= this.now()) {
      this.live.delete(familyId);
      return false;
    }
    return e.customerId === customerId;
  }

  remember(familyId: string, customerId: number, expiresAt: Date): void {
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    this.live.delete(familyId);
    if (this.live.size >= this.maxEntries) {
      const oldest = this.live.keys().next();
      if (!oldest.done) this.live.delete(oldest.value);
    }
    this.live.set(familyId, { customerId, until });
  }

  forget(familyId: string): void {
    this.live.delete(familyId);
  }
}
