/**
 * The parts of Adyen's Checkout API v71 (and its standard webhooks) the adapter sends and reads, as the API reference
 * names them (docs.adyen.com/api-explorer/Checkout/71). Narrow on purpose: what we do not read is not typed.
 */

export interface AdyenAmount {
  /** Minor units (centavos for BRL). */
  value: number;
  currency: string;
}

/** `paymentMethod` of a card payment: the CSE fields of the web card component, or a stored card. */
export type AdyenCardPaymentMethod =
  | {
      type: 'scheme';
      encryptedCardNumber: string;
      encryptedExpiryMonth: string;
      encryptedExpiryYear: string;
      encryptedSecurityCode: string;
      holderName: string;
    }
  | { type: 'scheme'; storedPaymentMethodId: string };

export type RecurringProcessingModel = 'CardOnFile' | 'Subscription' | 'UnscheduledCardOnFile';

/** POST /payments */
export interface AdyenPaymentRequest {
  merchantAccount: string;
  /** Our reference of the payment (max 80 characters); the webhook's merchantReference. */
  reference: string;
  amount: AdyenAmount;
  paymentMethod: AdyenCardPaymentMethod;
  shopperReference: string;
  shopperInteraction: 'Ecommerce' | 'ContAuth';
  recurringProcessingModel: RecurringProcessingModel;
  storePaymentMethod?: boolean;
  returnUrl: string;
  channel?: 'Web';
  countryCode?: string;
  shopperStatement?: string;
  installments?: { value: number };
  /** Native 3DS2: the challenge is rendered by the web component in our page, not by a redirect. */
  authenticationData?: { threeDSRequestData: { nativeThreeDS: 'preferred' | 'disabled' } };
  origin?: string;
}

export type AdyenResultCode =
  | 'Authorised'
  | 'Refused'
  | 'Error'
  | 'Cancelled'
  | 'IdentifyShopper'
  | 'ChallengeShopper'
  | 'RedirectShopper'
  | 'Pending'
  | 'Received'
  | 'PresentToShopper'
  | 'PartiallyAuthorised';

/** An action for the browser: `threeDS2` (subtype fingerprint/challenge) or `redirect`. Passed through as is. */
export interface AdyenAction {
  type: string;
  subtype?: string;
  token?: string;
  paymentData?: string;
  paymentMethodType?: string;
  authorisationToken?: string;
  url?: string;
  method?: string;
  [key: string]: unknown;
}

/** The answer of POST /payments and POST /payments/details. */
export interface AdyenPaymentResponse {
  resultCode: AdyenResultCode;
  pspReference?: string;
  merchantReference?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  action?: AdyenAction;
  amount?: AdyenAmount;
  paymentMethod?: { brand?: string; type?: string };
  /** `cardSummary` (last 4), `tokenization.storedPaymentMethodId`, `recurring.recurringDetailReference`… */
  additionalData?: Record<string, string>;
}

/** POST /payments/details: what the web component's onAdditionalDetails yields (`state.data`). */
export interface AdyenPaymentDetailsRequest {
  details: Record<string, unknown>;
  paymentData?: string;
}

/** POST /paymentLinks */
export interface AdyenPaymentLinkRequest {
  merchantAccount: string;
  reference: string;
  amount: AdyenAmount;
  description?: string;
  /** ISO 8601. */
  expiresAt: string;
  returnUrl?: string;
  shopperReference?: string;
  countryCode?: string;
  shopperLocale?: string;
  reusable?: boolean;
}

export interface AdyenPaymentLinkResponse {
  id: string;
  url: string;
  status: string;
  expiresAt?: string;
  reference?: string;
}

/** POST /payments/{paymentPspReference}/refunds */
export interface AdyenRefundRequest {
  merchantAccount: string;
  amount: AdyenAmount;
  reference?: string;
}

export interface AdyenRefundResponse {
  pspReference: string;
  paymentPspReference: string;
  status: 'received';
  merchantAccount?: string;
  amount?: AdyenAmount;
  reference?: string;
}

/** Adyen's error body (any 4xx/5xx). */
export interface AdyenServiceError {
  status?: number;
  errorCode?: string;
  message?: string;
  errorType?: string;
  pspReference?: string;
}

/** Standard webhook (notification) body. */
export interface AdyenNotification {
  live: string;
  notificationItems: Array<{ NotificationRequestItem: AdyenNotificationRequestItem }>;
}

export interface AdyenNotificationRequestItem {
  eventCode: string;
  /** 'true' | 'false', a string. */
  success: string;
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: AdyenAmount;
  eventDate?: string;
  reason?: string;
  paymentMethod?: string;
  operations?: string[];
  additionalData?: Record<string, string>;
}
