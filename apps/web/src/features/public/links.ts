/** Outside links of the public shell. Brand facts (name, phones, e-mail, address) come from GET /api/config. */

export { telHref } from '../../lib/tel';

/** App-store pages of the customer app and the brand's social profiles (placeholders until the real ones exist). */
export const APP_STORES = [
  { label: 'Baixar na App Store', href: 'https://apps.apple.com/br/' },
  { label: 'Disponível no Google Play', href: 'https://play.google.com/store/apps?hl=pt_BR' },
] as const;

export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
] as const;

/** Guarantee facts of the spec (000 §1), shown on the hero and in the FAQ. */
export const GUARANTEE_LIMIT = 'R$ 60.000,00';
