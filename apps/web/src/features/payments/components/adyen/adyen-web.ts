/**
 * Adyen's web card component and 3-D Secure 2 actions (CARD_GATEWAY=adyen, ADR 075). Everything here reaches
 * `@adyen/adyen-web` only through dynamic imports, so the sandbox card form and the first visit never download it.
 * The card number, expiry and CVV are typed into Adyen's own iframes (secured fields): our page and our API only
 * ever see the encrypted fields the component hands over.
 */

export interface AdyenClientConfig {
  clientKey: string;
  environment: 'test' | 'live';
}

/** The card as the API takes it (`dadosDoCartao`): the component's CSE fields and the holder's name. */
export interface AdyenEncryptedCard {
  encryptedCardNumber: string;
  encryptedExpiryMonth: string;
  encryptedExpiryYear: string;
  encryptedSecurityCode: string;
  holderName: string;
}

export interface MountedAdyenCard {
  readonly isValid: () => boolean;
  /** Shows the component's own messages on the fields that are not filled in right. */
  readonly showValidation: () => void;
  /** The encrypted card; null until the component says the card is complete and valid. */
  readonly encryptedCard: () => AdyenEncryptedCard | null;
  readonly unmount: () => void;
}

/** Brands the component accepts: Brazil's usual ones (elo and hipercard are charged; we show them as 'other'). */
const BRANDS = ['visa', 'mc', 'amex', 'elo', 'hipercard'];

type AdyenModules = ReturnType<typeof import('./adyen-modules').adyenModules>;
let loading: Promise<AdyenModules> | null = null;
/** Adyen's checkout, card component and 3DS2 actions with their stylesheet, fetched once per page (a failed fetch may be tried again). */
function loadAdyen(): Promise<AdyenModules> {
  loading ??= import('./adyen-modules').then(
    (m) => m.adyenModules(),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

function coreConfig(config: AdyenClientConfig) {
  return {
    clientKey: config.clientKey,
    environment: config.environment,
    locale: 'pt-BR',
    countryCode: 'BR',
    analytics: { enabled: false },
  } as const;
}

/**
 * Mounts Adyen's card component into `node`; `onValidity` follows the component's own validation as the customer
 * types. Null (nothing mounted) when `signal` aborted meanwhile (React may run an effect twice).
 */
export async function mountAdyenCard(
  node: HTMLElement,
  config: AdyenClientConfig,
  onValidity: (valid: boolean) => void,
  signal?: AbortSignal,
): Promise<MountedAdyenCard | null> {
  const { AdyenCheckout, Card } = await loadAdyen();
  const checkout = await AdyenCheckout({ ...coreConfig(config) });
  if (signal?.aborted) return null; // the form went away while the component loaded: mount nothing
  const card = new Card(checkout, {
    brands: BRANDS,
    hasHolderName: true,
    holderNameRequired: true,
    onChange: (state: { isValid?: boolean }) => onValidity(!!state.isValid),
  }).mount(node);
  return {
    isValid: () => !!card.isValid,
    showValidation: () => card.showValidation(),
    encryptedCard: () => (card.isValid ? toEncryptedCard(card.data) : null),
    unmount: () => card.unmount(),
  };
}

/** The CSE fields of the component's `data.paymentMethod`, and nothing else it may carry. */
export function toEncryptedCard(data: unknown): AdyenEncryptedCard | null {
  const pm = (data as { paymentMethod?: Record<string, unknown> } | null)?.paymentMethod;
  const f = (k: string) => (typeof pm?.[k] === 'string' ? (pm[k] as string) : '');
  const card = {
    encryptedCardNumber: f('encryptedCardNumber'),
    encryptedExpiryMonth: f('encryptedExpiryMonth'),
    encryptedExpiryYear: f('encryptedExpiryYear'),
    encryptedSecurityCode: f('encryptedSecurityCode'),
    holderName: f('holderName'),
  };
  return Object.values(card).every(Boolean) ? card : null;
}

/**
 * Hands an action of Adyen's answer (a 3DS2 fingerprint/challenge, or a redirect) to the component, mounted into
 * `node`; resolves with what the component yields for /payments/details (`state.data`: `{ details, paymentData? }`),
 * which the page posts back as `detalhes`. Rejects when the component reports an error. Once `signal` aborts nothing
 * is mounted (React may run an effect twice).
 */
export async function handleAdyenAction(
  node: HTMLElement,
  config: AdyenClientConfig,
  action: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const { AdyenCheckout } = await loadAdyen();
  return new Promise((resolve, reject) => {
    AdyenCheckout({
      ...coreConfig(config),
      onAdditionalDetails: (state: { data: Record<string, unknown> }) => resolve(state.data),
      onError: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    })
      .then((checkout) => {
        if (signal?.aborted) return; // the page moved on while the component loaded: mount nothing
        // '05': the challenge fills the width it is given (full screen on a phone).
        checkout.createFromAction(action as never, { challengeWindowSize: '05' }).mount(node);
      })
      .catch(reject);
  });
}
