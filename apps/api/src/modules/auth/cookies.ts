/** The login's cookies (names and path), in a file of their own so scripts (the bench) can read them without the routes. */
export const REFRESH_COOKIE = 'guarita_rt';
/** Signed id of a device that logged in before (ADR 010): strangers' attempts on the document do not block it. */
export const DEVICE_COOKIE = 'guarita_dev';
/** Both cookies above are only ever sent to the auth routes. */
export const AUTH_COOKIE_PATH = '/api/auth';
/**
 * The page cookie (ADR 059): a signed page token (TokenService.issuePage) naming the customer and the login, sent
 * on every path (`/`). Read only when serving a logged-in page's HTML (server-side rendering of the first screen),
 * and only while the login is live; never accepted by the API routes, which want a Bearer AccessToken.
 */
export const PAGE_COOKIE = 'guarita_pg';
/** The page cookie goes with every page's HTML request. */
export const PAGE_COOKIE_PATH = '/';
