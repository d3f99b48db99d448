import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { notificationHmac } from '../../src/ports/adyen';
import type { AdyenNotificationRequestItem, AdyenPaymentRequest } from '../../src/ports/adyen';

/**
 * A local stand-in for Adyen's Checkout API v71, in process, over real HTTP: the documented request and response
 * shapes (answers built from the documentation's example payloads in ./fixtures), idempotency keys (a replay gets the
 * first answer), stored payment methods per shopperReference, native 3DS2 (ChallengeShopper, then /payments/details),
 * and signed standard webhooks sent to a sink the test gives.
 *
 * Card data follows Adyen's test environment: unencrypted test values `test_<value>` in the encrypted fields (anything
 * else is 422 "Unable to decrypt data"); the holder name picks a refusal as in Adyen's test environment
 * (DECLINED, NOT_ENOUGH_BALANCE, CARD_EXPIRED); 3DS2 test cards 4917 6100 0000 0000 and 5454 5454 5454 5454 ask a
 * challenge, which completes when the browser's threeDSResult says transStatus 'Y'.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = <T>(name: string): T => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as T;

export const ADYEN_TEST_CARDS = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  amex: '370000000000002',
  challengeVisa: '4917610000000000',
  challengeMastercard: '5454545454545454',
} as const;

const CHALLENGE = new Set<string>([ADYEN_TEST_CARDS.challengeVisa, ADYEN_TEST_CARDS.challengeMastercard]);
const HOLDER_REFUSALS: Record<string, { reason: string; code: string }> = {
  DECLINED: { reason: 'Refused', code: '2' },
  NOT_ENOUGH_BALANCE: { reason: 'Not enough balance', code: '12' },
  CARD_EXPIRED: { reason: 'Expired Card', code: '6' },
};

/** A notification item before it is signed (its additionalData gets the hmacSignature). */
export type AdyenNotificationItemInput = Omit<AdyenNotificationRequestItem, 'additionalData'> & { additionalData?: Record<string, string> };

interface StoredCard {
  id: string;
  brand: string;
  lastFour: string;
  holderName: string;
}

interface Pending {
  request: AdyenPaymentRequest;
  card: StoredCard;
  pspReference: string;
}

type Answer = { status: number; body: unknown };

export interface FakeAdyenOptions {
  apiKey: string;
  merchantAccount: string;
  hmacKey: string;
}

export class FakeAdyen {
  readonly requests: Array<{ method: string; path: string; idempotencyKey: string | undefined; body: unknown }> = [];
  /** Payments the fake actually processed (a replayed key is not a new one). */
  readonly payments: Array<{ pspReference: string; reference: string; amount: number; resultCode: string; shopperInteraction: string }> =
    [];
  private readonly answers = new Map<string, Answer>();
  private readonly stored = new Map<string, StoredCard[]>();
  private readonly pending = new Map<string, Pending>();
  private readonly captured = new Map<string, number>();
  /** Payment links created, by their reference (our link id). */
  private readonly links = new Map<string, { id: string; amount: { value: number; currency: string } }>();
  private server: Server | null = null;
  private delays: Array<{ ms: number; route: string | undefined }> = [];
  private failures = 0;
  private lost = 0;
  /** Where webhooks go (the test posts them to the app); none: no webhooks. */
  webhookSink: ((rawBody: string) => Promise<void>) | null = null;
  /** Send the payment's AUTHORISATION webhook and wait for it before answering /payments (a webhook that wins the race). */
  webhookBeforeAnswer = false;
  private readonly webhookTasks: Array<Promise<void>> = [];
  url = '';

  constructor(readonly opts: FakeAdyenOptions) {}

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        // A bug of the fake shows as Adyen's 500 (and in the test's output), not as a crash.
        console.error('fake Adyen:', err);
        if (!res.headersSent)
          send(res, { status: 500, body: { status: 500, errorCode: '000', message: 'fake error', errorType: 'internal' } });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v71`;
    return this.url;
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.webhookTasks);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }

  /**
   * The next request (to `route`, e.g. '/payments', if given) is processed (and its answer kept for its idempotency
   * key) but answered only after `ms`.
   */
  delayNextAnswer(ms: number, route?: string): void {
    this.delays.push({ ms, route });
  }

  /**
   * The next `n` requests are processed (a payment is made, its webhook sent, its answer kept for its idempotency key)
   * but their answer is lost: the connection is cut before it (a timeout or a network failure, as the caller sees it).
   */
  loseNextAnswers(n: number): void {
    this.lost += n;
  }

  /** The next `n` requests answer 500 (Adyen's internal error, retryable) without processing anything. */
  failNext(n: number): void {
    this.failures += n;
  }

  /** Waits for the webhooks sent so far. */
  async settleWebhooks(): Promise<void> {
    await Promise.allSettled(this.webhookTasks);
  }

  storedCardsOf(shopperReference: string): StoredCard[] {
    return [...(this.stored.get(shopperReference) ?? [])];
  }

  /**
   * The shopper pays a payment link on Adyen's hosted page (by the link's `reference`, our link id): a payment of its
   * own (a new pspReference, refundable), and its AUTHORISATION webhook (merchantReference = the link's reference),
   * awaited. Answers the payment's pspReference.
   */
  async payLink(reference: string): Promise<string> {
    const link = this.links.get(reference);
    if (!link) throw new Error(`fake Adyen: no payment link ${reference}`);
    const pspReference = psp();
    this.captured.set(pspReference, link.amount.value);
    await this.notify(
      {
        eventCode: 'AUTHORISATION',
        success: 'true',
        pspReference,
        merchantAccountCode: this.opts.merchantAccount,
        merchantReference: reference,
        amount: link.amount,
        eventDate: new Date().toISOString(),
        paymentMethod: 'visa',
      },
      true,
    );
    return pspReference;
  }

  /** A standard webhook body for items, each signed as Adyen signs them. */
  signedNotification(items: AdyenNotificationItemInput[], hmacKey = this.opts.hmacKey): string {
    return JSON.stringify({
      live: 'false',
      notificationItems: items.map((item) => ({
        NotificationRequestItem: { ...item, additionalData: { ...item.additionalData, hmacSignature: notificationHmac(item, hmacKey) } },
      })),
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = url.pathname.replace(/^\/v71/, '');
    const key = header(req, 'idempotency-key');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return send(res, {
        status: 400,
        body: { status: 400, errorCode: '702', message: 'Structure of the request is not valid', errorType: 'validation' },
      });
    }
    this.requests.push({ method: req.method ?? '', path: route, idempotencyKey: key, body });
    const d = this.delays.findIndex((x) => x.route === undefined || x.route === route);
    const delay = d < 0 ? 0 : this.delays.splice(d, 1)[0]!.ms;
    let answer: Answer;
    if (this.failures > 0) {
      this.failures--;
      return send(res, {
        status: 500,
        body: { status: 500, errorCode: '905', message: 'Payment details are not supported', errorType: 'internal' },
      });
    }
    if (header(req, 'x-api-key') !== this.opts.apiKey) answer = { status: 401, body: fixture('error-unauthorized.json') };
    else if (key && this.answers.has(`${route}|${key}`)) answer = this.answers.get(`${route}|${key}`)!;
    else {
      answer = await this.process(req.method ?? 'GET', route, url.searchParams, body);
      if (key && req.method === 'POST') this.answers.set(`${route}|${key}`, answer);
    }
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (this.lost > 0) {
      this.lost--;
      res.destroy(); // the answer never reaches the caller
      return;
    }
    if (!res.destroyed) send(res, answer, key);
  }

  private async process(method: string, route: string, query: URLSearchParams, body: unknown): Promise<Answer> {
    if (method === 'POST' && route === '/payments') return this.payment(body as AdyenPaymentRequest);
    if (method === 'POST' && route === '/payments/details') return this.details(body as { details?: Record<string, string> });
    if (method === 'POST' && route === '/paymentLinks') return this.paymentLink(body as Record<string, unknown>);
    const refund = /^\/payments\/([^/]+)\/refunds$/.exec(route);
    if (method === 'POST' && refund) return this.refund(decodeURIComponent(refund[1]!), body as { amount: { value: number } });
    if (method === 'GET' && route === '/storedPaymentMethods') {
      const shopperReference = query.get('shopperReference') ?? '';
      const list = fixture<{ storedPaymentMethods: object[] }>('stored-payment-methods.json');
      const template = list.storedPaymentMethods[0]!;
      const cards = this.storedCardsOf(shopperReference).map((c) => ({ ...template, ...c, name: c.brand.toUpperCase(), shopperReference }));
      return { status: 200, body: { merchantAccount: this.opts.merchantAccount, shopperReference, storedPaymentMethods: cards } };
    }
    const del = /^\/storedPaymentMethods\/([^/]+)$/.exec(route);
    if (method === 'DELETE' && del) {
      const shopperReference = query.get('shopperReference') ?? '';
      const list = this.stored.get(shopperReference) ?? [];
      const i = list.findIndex((c) => c.id === decodeURIComponent(del[1]!));
      if (i < 0) return validation('800', 'Contract not found');
      list.splice(i, 1);
      return { status: 204, body: null };
    }
    return { status: 404, body: { status: 404, errorCode: '000', message: 'Not found', errorType: 'validation' } };
  }

  private async payment(p: AdyenPaymentRequest): Promise<Answer> {
    if (p.merchantAccount !== this.opts.merchantAccount) return validation('901', 'Invalid Merchant Account');
    if (!p.reference || !p.amount || typeof p.amount.value !== 'number' || !p.paymentMethod)
      return validation('702', 'Required field missing');
    const pspReference = psp();
    let card: StoredCard;
    if ('storedPaymentMethodId' in p.paymentMethod) {
      const id = p.paymentMethod.storedPaymentMethodId;
      const found = this.stored.get(p.shopperReference)?.find((c) => c.id === id);
      if (!found) return validation('800', 'Contract not found');
      card = found;
    } else {
      const m = p.paymentMethod;
      const number = m.encryptedCardNumber.startsWith('test_') ? m.encryptedCardNumber.slice(5) : null;
      if (!number || !m.encryptedSecurityCode.startsWith('test_') || !m.encryptedExpiryYear.startsWith('test_'))
        return { status: 422, body: { ...fixture<object>('error-validation.json'), pspReference } };
      card = { id: psp(), brand: brandOfNumber(number), lastFour: number.slice(-4), holderName: m.holderName };
      if (CHALLENGE.has(number)) {
        const challenge = fixture<{ action: Record<string, unknown> }>('payment-challenge.json');
        this.pending.set(pspReference, { request: p, card, pspReference });
        return {
          status: 200,
          body: {
            ...challenge,
            pspReference,
            merchantReference: p.reference,
            action: { ...challenge.action, authorisationToken: pspReference },
          },
        };
      }
    }
    return this.settle(p, card, pspReference);
  }

  private async details(d: { details?: Record<string, string> }): Promise<Answer> {
    const raw = d.details?.threeDSResult;
    if (!raw) return validation('702', 'Required field missing: details');
    let result: { transStatus?: string; authorisationToken?: string };
    try {
      result = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as typeof result;
    } catch {
      return validation('702', 'Invalid threeDSResult');
    }
    const pending = result.authorisationToken ? this.pending.get(result.authorisationToken) : undefined;
    if (!pending) return validation('000', 'Invalid payment data');
    this.pending.delete(pending.pspReference);
    if (result.transStatus !== 'Y')
      return this.settle(pending.request, pending.card, pending.pspReference, { reason: '3D Not Authenticated', code: '11' });
    return this.settle(pending.request, pending.card, pending.pspReference);
  }

  private async settle(
    p: AdyenPaymentRequest,
    card: StoredCard,
    pspReference: string,
    forced?: { reason: string; code: string },
  ): Promise<Answer> {
    const refusal = forced ?? HOLDER_REFUSALS[card.holderName];
    const authorised = !refusal;
    let body: Record<string, unknown>;
    if (authorised) {
      const base = fixture<{ additionalData: Record<string, string> }>('payment-authorised.json');
      const additionalData: Record<string, string> = { cardSummary: card.lastFour, paymentMethod: card.brand };
      if (p.storePaymentMethod) {
        const list = this.stored.get(p.shopperReference) ?? [];
        if (!list.some((c) => c.id === card.id)) list.push(card);
        this.stored.set(p.shopperReference, list);
        Object.assign(additionalData, {
          'tokenization.shopperReference': p.shopperReference,
          'tokenization.storedPaymentMethodId': card.id,
          'tokenization.store.operationType': 'created',
          recurringProcessingModel: p.recurringProcessingModel,
        });
      }
      body = { ...base, additionalData, paymentMethod: { brand: card.brand, type: 'scheme' } };
      this.captured.set(pspReference, p.amount.value);
    } else {
      const base = fixture<object>('payment-refused.json');
      body = {
        ...base,
        refusalReason: refusal.reason,
        refusalReasonCode: refusal.code,
        additionalData: { cardSummary: card.lastFour, paymentMethod: card.brand },
      };
    }
    Object.assign(body, { pspReference, merchantReference: p.reference, amount: p.amount });
    this.payments.push({
      pspReference,
      reference: p.reference,
      amount: p.amount.value,
      resultCode: String(body.resultCode),
      shopperInteraction: p.shopperInteraction,
    });
    await this.notify(
      {
        eventCode: 'AUTHORISATION',
        success: String(authorised),
        pspReference,
        merchantAccountCode: this.opts.merchantAccount,
        merchantReference: p.reference,
        amount: p.amount,
        eventDate: new Date().toISOString(),
        paymentMethod: card.brand,
        // "Include card summary" (Customer Area, webhook settings): the last 4 digits.
        additionalData: { cardSummary: card.lastFour },
        ...(refusal ? { reason: refusal.reason } : {}),
      },
      this.webhookBeforeAnswer,
    );
    return { status: 200, body };
  }

  private paymentLink(b: Record<string, unknown>): Answer {
    if (b.merchantAccount !== this.opts.merchantAccount) return validation('901', 'Invalid Merchant Account');
    const id = `PL${randomBytes(8).toString('hex').toUpperCase()}`;
    this.links.set(String(b.reference), { id, amount: b.amount as { value: number; currency: string } });
    return {
      status: 201,
      body: { ...fixture<object>('payment-link.json'), ...b, id, url: `https://test.adyen.link/${id}`, status: 'active' },
    };
  }

  private async refund(
    paymentPspReference: string,
    b: { amount: { value: number; currency?: string }; reference?: string },
  ): Promise<Answer> {
    const captured = this.captured.get(paymentPspReference);
    if (captured === undefined) return validation('167', 'Original pspReference required for this operation');
    if (b.amount.value > captured) return validation('137', 'Invalid amount specified');
    const pspReference = psp();
    await this.notify({
      eventCode: 'REFUND',
      success: 'true',
      pspReference,
      originalReference: paymentPspReference,
      merchantAccountCode: this.opts.merchantAccount,
      merchantReference: b.reference ?? '',
      amount: { value: b.amount.value, currency: b.amount.currency ?? 'BRL' },
    });
    return {
      status: 201,
      body: {
        ...fixture<object>('refund-received.json'),
        ...b,
        pspReference,
        paymentPspReference,
        merchantAccount: this.opts.merchantAccount,
      },
    };
  }

  private async notify(item: AdyenNotificationItemInput, wait = false): Promise<void> {
    const sink = this.webhookSink;
    if (!sink) return;
    const task = sink(this.signedNotification([item]));
    this.webhookTasks.push(task.catch(() => undefined));
    if (wait) await task;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function send(res: ServerResponse, a: Answer, key?: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers['idempotency-key'] = key;
  res.writeHead(a.status, headers);
  res.end(a.body === null ? undefined : JSON.stringify(a.body));
}

function validation(errorCode: string, message: string): Answer {
  return { status: 422, body: { status: 422, errorCode, message, errorType: 'validation', pspReference: psp() } };
}

function psp(): string {
  return randomBytes(8).toString('hex').toUpperCase().slice(0, 16);
}

function brandOfNumber(n: string): string {
  if (n.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(n)) return 'mc';
  if (/^3[47]/.test(n)) return 'amex';
  return 'elo';
}

/** The encrypted fields as Adyen's test environment accepts them unencrypted (`test_` values). */
export function adyenTestCard(number: string, holderName = 'Maria Silva') {
  return {
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: number.length === 15 ? 'test_7373' : 'test_737',
    holderName,
  };
}

/** What the web component's 3DS2 challenge yields (`state.data` of onAdditionalDetails) after the shopper passes or fails it. */
export function adyenChallengeDetails(action: Record<string, unknown>, passed: boolean) {
  const threeDSResult = Buffer.from(
    JSON.stringify({ transStatus: passed ? 'Y' : 'N', authorisationToken: action.authorisationToken }),
  ).toString('base64');
  return { details: { threeDSResult } };
}
