// Its own module, with no zod: the customer app's entry imports it (lib/api/staff-activity.ts), and a module with zod
// schemas there puts zod in the entry, where it probes for `new Function` before the page turns that off (ADR 025).

/**
 * The header the console's polling requests carry (the live queue's count, the case page's presence heartbeat): they
 * check the session like any request but do not count as activity, so an open tab left alone still reaches the idle
 * timeout (issue 30 item 4) on the server and in the page's own warning.
 */
export const STAFF_BACKGROUND_HEADER = 'x-guarita-segundo-plano';
