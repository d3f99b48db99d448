import type { ApiPath } from '../../../lib/api';

/** Where the ALTCHA widget fetches the login's proof-of-work challenge (the widget calls it itself). */
export const LOGIN_CHALLENGE_URL = '/api/auth/challenge' satisfies ApiPath;
