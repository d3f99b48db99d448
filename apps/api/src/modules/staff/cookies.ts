/** The staff session cookie: HttpOnly, SameSite=Strict, sent only to the console's API (its own file: the bench reads it too). */
export const STAFF_COOKIE = 'guarita_staff';
export const STAFF_COOKIE_PATH = '/api/backoffice';
