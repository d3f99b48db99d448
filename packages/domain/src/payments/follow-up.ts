/**
 * Chasing a provider's missing answer (issue 27 gap 3; ADR 081): how long we wait before asking a PSP about a refund it
 * has not confirmed, how often we ask again, and the retry schedule of a webhook the sandboxes could not deliver (what a
 * real provider does: Adyen retries a notification that was not accepted for days, more and more apart).
 */

/** A refund still open this long after its last change is asked about (the PSP's own notification usually comes in seconds). */
export const REFUND_CHASE_AFTER_SECONDS = 5 * 60;

/** Waits between tries, in seconds: 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h (the cap). */
export const FOLLOW_UP_SCHEDULE_SECONDS: readonly number[] = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600];

/** A webhook not accepted after this many tries is given up (about 3 days with the schedule above); kept as 'failed'. */
export const MAX_WEBHOOK_ATTEMPTS = 10;

/** The wait after `tries` tries (1 = the first one failed). */
export function followUpDelaySeconds(tries: number): number {
  const i = Math.min(Math.max(1, Math.floor(tries)), FOLLOW_UP_SCHEDULE_SECONDS.length) - 1;
  return FOLLOW_UP_SCHEDULE_SECONDS[i]!;
}

/** What to do after a delivery try: done on a 2xx, given up after MAX_WEBHOOK_ATTEMPTS, else tried again later. */
export function webhookRetryDecision(
  tries: number,
  accepted: boolean,
): { status: 'delivered' } | { status: 'failed' } | { status: 'pending'; delaySeconds: number } {
  if (accepted) return { status: 'delivered' };
  if (tries >= MAX_WEBHOOK_ATTEMPTS) return { status: 'failed' };
  return { status: 'pending', delaySeconds: followUpDelaySeconds(tries) };
}
