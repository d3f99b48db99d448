import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { DemoCustomer } from './demo';
import type { CustomerSpec } from './customers';
import { newCustomer, type TestCustomer } from './factory';

export type Channel = 'sms' | 'email';

interface OutboxItem {
  channel: string;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** Demo mode's outbox (GET /api/dev/outbox): what the notifier would have sent, newest first. */
export async function readOutbox(request: APIRequestContext): Promise<OutboxItem[]> {
  const res = await request.get('/api/dev/outbox');
  expect(res.status(), 'GET /api/dev/outbox').toBe(200);
  return (await res.json()) as OutboxItem[];
}

function codeIn(item: OutboxItem | undefined): string | null {
  return item?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/** Where a customer's code goes on a channel (the full address, as the outbox records it). */
export function destination(customer: DemoCustomer, channel: Channel): string {
  const to = channel === 'sms' ? customer.sms : customer.email;
  if (!to) throw new Error(`${customer.document} has no ${channel} destination`);
  return to;
}

/**
 * Runs `send` (something that makes the app send a code to `to`) and answers the code that arrived: the newest
 * message to `to` that was not in the outbox before. Each test's customer has its own SMS number and e-mail
 * (ADR 071), so no other test's code can be taken for this one.
 */
export async function sendAndReadCode(request: APIRequestContext, to: string, send: () => Promise<void>): Promise<string> {
  const before = (await readOutbox(request)).find((m) => m.to === to);
  await send();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const newest = (await readOutbox(request)).find((m) => m.to === to);
    const code = newest && !sameItem(newest, before) ? codeIn(newest) : null;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no new code for ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function sameItem(a: OutboxItem, b: OutboxItem | undefined): boolean {
  return !!b && a.createdAt === b.createdAt && a.body === b.body;
}

/** Step 1 of the login at '/': the CPF/CNPJ field and 'Continuar'. */
export async function enterDocument(page: Page, document: string, how: 'type' | 'fill' = 'fill') {
  const field = page.getByLabel('CPF ou CNPJ');
  if (how === 'type') await field.pressSequentially(document, { delay: 20 });
  else await field.fill(document);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

export const stepHeading = {
  document: 'Informe seu CPF ou CNPJ',
  channel: 'Onde você quer receber o código?',
  code: 'Digite o código de validação',
} as const;

/** Step 2 → 3: choose the channel (or keep the default) and send; answers the code from the outbox. */
export async function sendCode(page: Page, request: APIRequestContext, customer: DemoCustomer, channel?: Channel): Promise<string> {
  await expect(page.getByRole('heading', { name: stepHeading.channel })).toBeVisible();
  if (channel) await page.getByRole('radio', { name: channel === 'sms' ? /^SMS para/ : /^E-mail para/ }).check();
  const sms = page.getByRole('radio', { name: /^SMS para/ });
  const used: Channel = channel ?? ((await sms.count()) > 0 && (await sms.isChecked()) ? 'sms' : 'email');
  return sendAndReadCode(request, destination(customer, used), async () => {
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByRole('heading', { name: stepHeading.code })).toBeVisible();
  });
}

/** Step 3: type the code and enter. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Código de validação').fill(code);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** The whole login as a person does it, from '/' through the form to the start page (the login's own tests). */
export async function loginThroughForm(
  page: Page,
  request: APIRequestContext,
  customer: DemoCustomer,
  opts: { channel?: Channel; type?: boolean } = {},
): Promise<void> {
  await page.goto('/');
  await enterDocument(page, customer.document, opts.type ? 'type' : 'fill');
  const code = await sendCode(page, request, customer, opts.channel);
  await enterCode(page, code);
  await expectPath(page, '/dashboard');
}

/**
 * Logs `customer` into the page's browser context the way the form does, through the API (login, code from the
 * outbox, verify): the context's cookie jar gets the session as a stored state would bring it (ADR 071), without
 * typing. Then opens `start` (the start page unless given).
 */
export async function login(page: Page, customer: DemoCustomer, start = '/dashboard'): Promise<void> {
  await signIn(page.request, customer);
  // The page comes rendered by the server (ADR 059) and the app then takes its tokens by rotating the refresh cookie.
  // Until that answer is in, leaving the page would lose the rotated cookie (the server already spent the old one).
  const session = page.waitForResponse((r) => /^\/api\/auth\/(refresh|boot)$/.test(new URL(r.url()).pathname));
  await page.goto(start);
  expect((await session).status(), 'the first session refresh').toBe(200);
  await expectPath(page, start);
}

/** Makes a customer of the test's own (ADR 071) and logs them in on `page` at `start`. */
export async function loggedIn(page: Page, request: APIRequestContext, spec: CustomerSpec, start = '/dashboard'): Promise<TestCustomer> {
  const customer = await newCustomer(request, spec);
  await login(page, customer, start);
  return customer;
}

/** The login's three API steps on `request` (a browser context's request shares its cookies). */
export async function signIn(request: APIRequestContext, customer: DemoCustomer): Promise<void> {
  const res = await request.post('/api/auth/login', { data: { documento: customer.document } });
  expect(res.status(), 'POST /api/auth/login').toBe(200);
  const { Sessao } = (await res.json()) as { Sessao: string };
  const canal: Channel = customer.sms ? 'sms' : 'email';
  const code = await sendAndReadCode(request, destination(customer, canal), async () => {
    const sent = await request.post('/api/auth/code', { data: { Sessao, canal } });
    expect(sent.status(), 'POST /api/auth/code').toBe(202);
  });
  const verified = await request.post('/api/auth/verify', { data: { Sessao, CodigoAutenticacao: code } });
  expect(verified.status(), 'POST /api/auth/verify').toBe(200);
}

/** The page's path (and, when given, its query string) — the URL without the origin. */
export async function expectPath(page: Page, pathname: string, search = '') {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    })
    .toBe(pathname + search);
}
