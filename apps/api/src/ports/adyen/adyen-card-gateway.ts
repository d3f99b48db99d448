import { GatewayUnavailableError } from '../card-gateway';
import type {
  CardClientConfig,
  CardGateway,
  CardWebhookEvent,
  ChargeRequest,
  ChargeResult,
  CompleteActionRequest,
  EncryptedCard,
  PaymentLinkRequest,
  RefundRequest,
  RefundResult,
  TokenizeRequest,
  TokenizeResult,
} from '../card-gateway';
import { AdyenHttp, AdyenRequestError, adyenReference, shopperStatement, type AdyenHttpOptions } from './http';
import { brandOf, INVALID_CARD, lastFour, NO_STORED_CARD, refusalOf } from './refusals';
import type {
  AdyenPaymentDetailsRequest,
  AdyenPaymentLinkRequest,
  AdyenPaymentLinkResponse,
  AdyenPaymentRequest,
  AdyenPaymentResponse,
  AdyenRefundRequest,
  AdyenRefundResponse,
} from './types';
import { parseAdyenWebhook } from './webhook';

export interface AdyenConfig {
  apiKey: string;
  merchantAccount: string;
  /** The web card component's public client key (test_… / live_…). */
  clientKey: string;
  /** The webhook HMAC key of the Customer Area, hex. */
  hmacKey: string;
  environment: 'test' | 'live';
  /** Live only: the account's prefix of https://{prefix}-checkout-live.adyenpayments.com. */
  liveUrlPrefix?: string;
  /** Overrides the Checkout base URL (with its version): a local fake, a proxy. */
  checkoutUrl?: string;
  timeoutMs: number;
  retries: number;
  backoffMs?: AdyenHttpOptions['backoffMs'];
  fetch?: typeof fetch;
}

export const ADYEN_CHECKOUT_VERSION = 'v71';

export function adyenCheckoutUrl(c: Pick<AdyenConfig, 'environment' | 'liveUrlPrefix' | 'checkoutUrl'>): string {
  if (c.checkoutUrl) return c.checkoutUrl;
  if (c.environment === 'live') {
    if (!c.liveUrlPrefix) throw new Error('ADYEN_LIVE_URL_PREFIX is required with ADYEN_ENVIRONMENT=live');
    return `https://${c.liveUrlPrefix}-checkout-live.adyenpayments.com/checkout/${ADYEN_CHECKOUT_VERSION}`;
  }
  return `https://checkout-test.adyen.com/${ADYEN_CHECKOUT_VERSION}`;
}

/**
 * Card on file model: the card of a contract is Adyen's stored payment method of `shopperReference = reference`,
 * one per contract. Validating a card (tokenize) is a zero-amount payment with `storePaymentMethod`, Ecommerce; a
 * new card charged also stores it; a charge of the card on file is ContAuth with the stored method's id. Both use
 * recurringProcessingModel UnscheduledCardOnFile (merchant-initiated, amounts vary: monthly fees, pro-rata,
 * advances). When a new card is stored the contract's other stored cards are disabled, so the card on file is
 * always the last one the customer gave. 3-D Secure 2 is native: the `action` goes to the browser as is, and the
 * details it yields come back through completeAction (/payments/details). ADR 075.
 */
export class AdyenCardGateway implements CardGateway {
  readonly name = 'adyen';
  readonly http: AdyenHttp;

  constructor(private readonly config: AdyenConfig) {
    this.http = new AdyenHttp({
      baseUrl: adyenCheckoutUrl(config),
      apiKey: config.apiKey,
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      ...(config.backoffMs ? { backoffMs: config.backoffMs } : {}),
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
  }

  clientConfig(): CardClientConfig {
    return { provider: 'adyen', clientKey: this.config.clientKey, environment: this.config.environment };
  }

  async tokenize(req: TokenizeRequest): Promise<TokenizeResult> {
    return this.pay(req.idempotencyKey, {
      ...this.base(req.idempotencyKey, req.reference, 0, req.returnUrl),
      paymentMethod: encryptedMethod(req.card),
      shopperInteraction: 'Ecommerce',
      storePaymentMethod: true,
    });
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const base = {
      ...this.base(req.idempotencyKey, req.reference, req.amount, req.returnUrl),
      ...(shopperStatement(req.description) ? { shopperStatement: shopperStatement(req.description) } : {}),
      ...(req.installments > 1 ? { installments: { value: req.installments } } : {}),
    };
    if (req.card) {
      return this.pay(req.idempotencyKey, {
        ...base,
        paymentMethod: encryptedMethod(req.card),
        shopperInteraction: 'Ecommerce',
        storePaymentMethod: true,
      });
    }
    const stored = await this.storedCards(req.reference);
    const card = stored.at(-1);
    if (!card) {
      return { status: 'declined', gatewayId: `adyen:none:${req.idempotencyKey}`, ...NO_STORED_CARD };
    }
    return this.pay(req.idempotencyKey, {
      ...base,
      paymentMethod: { type: 'scheme', storedPaymentMethodId: card.id },
      shopperInteraction: 'ContAuth',
    });
  }

  async completeAction(req: CompleteActionRequest): Promise<ChargeResult> {
    // The browser posts the component's `state.data` ({ details, paymentData? }) or just its `details`.
    const d = req.details;
    const body: AdyenPaymentDetailsRequest =
      d.details && typeof d.details === 'object'
        ? {
            details: d.details as Record<string, unknown>,
            ...(typeof d.paymentData === 'string' ? { paymentData: d.paymentData } : {}),
          }
        : { details: d };
    return this.call(req.idempotencyKey, '/payments/details', body, req.gatewayId);
  }

  async createPaymentLink(req: PaymentLinkRequest): Promise<{ url: string; gatewayId: string }> {
    const body: AdyenPaymentLinkRequest = {
      merchantAccount: this.config.merchantAccount,
      reference: req.linkId,
      amount: { value: req.amount, currency: 'BRL' },
      description: req.description,
      expiresAt: req.expiresAt.toISOString(),
      shopperReference: req.reference,
      countryCode: 'BR',
      shopperLocale: 'pt-BR',
      reusable: false,
      ...(req.returnUrl ? { returnUrl: req.returnUrl } : {}),
    };
    const link = await this.unwrap(() => this.http.post<AdyenPaymentLinkResponse>('/paymentLinks', body, `link:${req.linkId}`));
    return { url: link.url, gatewayId: link.id };
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    const body: AdyenRefundRequest = {
      merchantAccount: this.config.merchantAccount,
      amount: { value: req.amount, currency: 'BRL' },
      reference: adyenReference(req.idempotencyKey),
    };
    try {
      const r = await this.http.post<AdyenRefundResponse>(
        `/payments/${encodeURIComponent(req.gatewayId)}/refunds`,
        body,
        req.idempotencyKey,
      );
      // Refunds are asynchronous at Adyen: the REFUND webhook tells the outcome.
      return { status: 'received', refundId: r.pspReference };
    } catch (err) {
      if (err instanceof AdyenRequestError && err.httpStatus === 422) return { status: 'failed', refundId: err.body.pspReference ?? '' };
      throw unavailable(err);
    }
  }

  /** Adyen signs each item (HMAC in the body), not the delivery: the headers are not needed. */
  parseWebhook(rawBody: Buffer, _headers?: Record<string, string | string[] | undefined>): CardWebhookEvent[] | null {
    return parseAdyenWebhook(rawBody, this.config.hmacKey, this.config.merchantAccount);
  }

  private base(merchantReference: string, reference: string, amount: number, returnUrl: string) {
    return {
      merchantAccount: this.config.merchantAccount,
      reference: adyenReference(merchantReference),
      amount: { value: amount, currency: 'BRL' },
      shopperReference: reference,
      recurringProcessingModel: 'UnscheduledCardOnFile' as const,
      returnUrl,
      channel: 'Web' as const,
      countryCode: 'BR',
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' as const } },
    };
  }

  private pay(idempotencyKey: string, body: AdyenPaymentRequest): Promise<ChargeResult> {
    return this.call(idempotencyKey, '/payments', body, `adyen:${idempotencyKey}`);
  }

  /** POST /payments or /payments/details and its answer as a ChargeResult. */
  private async call(idempotencyKey: string, path: string, body: unknown, fallbackId: string): Promise<ChargeResult> {
    let res: AdyenPaymentResponse;
    try {
      res = await this.http.post<AdyenPaymentResponse>(path, body, idempotencyKey);
    } catch (err) {
      // 422 is a validation error of this request (e.g. card data that cannot be decrypted): a decline, final.
      if (err instanceof AdyenRequestError && err.httpStatus === 422) {
        return { status: 'declined', gatewayId: err.body.pspReference ?? fallbackId, ...INVALID_CARD };
      }
      throw unavailable(err);
    }
    const gatewayId = res.pspReference ?? fallbackId;
    switch (res.resultCode) {
      case 'Authorised': {
        await this.keepOnlyStored(res);
        return {
          status: 'approved',
          gatewayId,
          brand: brandOf(res.paymentMethod?.brand ?? res.additionalData?.paymentMethod),
          last4: lastFour(res.additionalData?.cardSummary),
        };
      }
      case 'IdentifyShopper':
      case 'ChallengeShopper':
      case 'RedirectShopper':
        if (res.action) return { status: 'action_required', gatewayId, action: { provider: 'adyen', data: { ...res.action } } };
        break;
      case 'Refused':
      case 'Cancelled':
      case 'Error':
        return { status: 'declined', gatewayId, ...refusalOf(res.resultCode === 'Refused' ? res.refusalReasonCode : undefined) };
      default:
        break;
    }
    // Pending / Received (not a card outcome) or an action-less challenge: unknown for now; the webhook will tell.
    throw new GatewayUnavailableError(`adyen ${path}: resultCode ${res.resultCode}`);
  }

  /** The stored cards of a contract (GET /storedPaymentMethods). */
  private async storedCards(shopperReference: string): Promise<Array<{ id: string }>> {
    const q = new URLSearchParams({ shopperReference, merchantAccount: this.config.merchantAccount });
    const r = await this.unwrap(() =>
      this.http.get<{ storedPaymentMethods?: Array<{ id: string; type?: string }> }>(`/storedPaymentMethods?${q}`),
    );
    return (r.storedPaymentMethods ?? []).filter((m) => !m.type || m.type === 'scheme');
  }

  /** After a card was stored, the contract's other stored cards are disabled: one card on file per contract. */
  private async keepOnlyStored(res: AdyenPaymentResponse): Promise<void> {
    const kept = res.additionalData?.['tokenization.storedPaymentMethodId'];
    const shopper = res.additionalData?.['tokenization.shopperReference'] ?? res.additionalData?.['recurring.shopperReference'];
    if (!kept || !shopper) return;
    const q = new URLSearchParams({ shopperReference: shopper, merchantAccount: this.config.merchantAccount });
    for (const card of await this.storedCards(shopper)) {
      if (card.id === kept) continue;
      await this.unwrap(() => this.http.delete(`/storedPaymentMethods/${encodeURIComponent(card.id)}?${q}`));
    }
  }

  private async unwrap<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw unavailable(err);
    }
  }
}

function encryptedMethod(card: EncryptedCard): AdyenPaymentRequest['paymentMethod'] {
  return {
    type: 'scheme',
    encryptedCardNumber: card.encryptedCardNumber,
    encryptedExpiryMonth: card.encryptedExpiryMonth,
    encryptedExpiryYear: card.encryptedExpiryYear,
    encryptedSecurityCode: card.encryptedSecurityCode,
    holderName: card.holderName,
  };
}

/** Anything but a known final answer is an unknown outcome for the caller (502, retry with the same key). */
function unavailable(err: unknown): Error {
  if (err instanceof GatewayUnavailableError) return err;
  if (err instanceof AdyenRequestError) return new GatewayUnavailableError(err.message);
  return err instanceof Error ? err : new GatewayUnavailableError(String(err));
}
