// Public surface of the public pages' feature (ADR 020): other features import only from here.
export type { CaptchaHandle } from './captcha/AltchaWidget';

/** The ALTCHA widget (its worker and stylesheet too) is a chunk of its own: load it only when a challenge must be solved. */
export const loadAltchaWidget = () => import('./captcha/AltchaWidget');
