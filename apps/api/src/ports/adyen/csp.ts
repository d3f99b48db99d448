/**
 * What the page's Content-Security-Policy must allow for Adyen's web component (CARD_GATEWAY=adyen): its secured
 * fields are iframes of checkoutshopper(-cdn), it calls checkoutshopper with the client key and shows brand logos
 * from it; 3-D Secure 2 posts a form into an iframe of the card issuer's ACS, whose host no list can know (Adyen's
 * own advice), hence `https:` for frames and form targets. Only added when Adyen is the card provider (ADR 075).
 */
export interface CspSources {
  frameSrc: string[];
  connectSrc: string[];
  imgSrc: string[];
  formAction: string[];
}

export function adyenCspSources(environment: 'test' | 'live'): CspSources {
  const hosts = [`https://checkoutshopper-${environment}.adyen.com`, `https://checkoutshopper-${environment}.cdn.adyen.com`];
  return { frameSrc: [...hosts, 'https:'], connectSrc: hosts, imgSrc: hosts, formAction: ['https:'] };
}
