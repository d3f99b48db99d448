/** The login's cookies (names and path), in a file of their own so scripts (the bench) can read them without the routes. */
export const REFRESH_COOKIE = 'guarita_rt';
/** Signed id of a device that logged in before (ADR 010): strangers' attempts on the document do not block it. */
export const DEVICE_COOKIE = 'guarita_dev';
/** Both cookies are only ever sent to the auth routes. */
export const AUTH_COOKIE_PATH = '/api/auth';
