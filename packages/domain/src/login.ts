/** Seconds the code step waits before 'Reenviar código' can be used (a code was just sent; issue 8). */
export const CODE_RESEND_WAIT_SECONDS = 30;

/** Whole seconds left until `resendAt` (ms epoch), never negative. */
export function secondsUntil(resendAt: number, now: number): number {
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}
