import { expect, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DemoCustomer } from './demo';

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
 * Runs `send` (something that makes the app send a code to `to`) and answers the code that arrived.
 * Parallel workers may log the same customer in at once, so sending and reading hold a lock shared by
 * the workers of this run; the code is the newest message to `to` that was not in the outbox before.
 */
export async function sendAndReadCode(request: APIRequestContext, to: string, send: () => Promise<void>): Promise<string> {
  return withLock('outbox', async () => {
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
  });
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

/** The whole login as a person does it, from '/' to the start page. */
export async function login(
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

/** The page's path (and, when given, its query string) — the URL without the origin. */
export async function expectPath(page: Page, pathname: string, search = '') {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    })
    .toBe(pathname + search);
}

/** A cross-process lock (an atomic mkdir) in the run's temporary directory. */
async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = path.join(process.env.GUARITA_E2E_ROOT ?? os.tmpdir(), `${name}.lock`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A worker that died while holding it must not block the run.
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 30_000) fs.rmSync(dir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for the ${name} lock`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
