import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { reserveTotpStep, TOTP_STEP_MS } from './totp-steps';

export const STAFF_PASSWORD = 'guarita-demo-2026';

async function ownPage({ browser }: { browser: Browser }, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  await use(await context.newPage());
  await context.close();
}

/**
 * Two browsers side by side (issue 13 §4): `staff` and `customer` are pages in two contexts of their own (cookies
 * and storage apart, as on two machines), closed when the test ends whatever its outcome.
 */
export const test = base.extend<{ staff: Page; customer: Page }>({ staff: ownPage, customer: ownPage });

/** A demo staff account's current TOTP code (demo mode's GET /api/dev/staff/totp) and when it stops being current. */
async function totp(request: APIRequestContext, email: string): Promise<{ codigo: string; validoAte: string }> {
  const res = await request.get(`/api/dev/staff/totp?email=${encodeURIComponent(email)}`);
  expect(res.status(), 'GET /api/dev/staff/totp').toBe(200);
  return (await res.json()) as { codigo: string; validoAte: string };
}

/**
 * Logs a demo staff member into the console at /backoffice: e-mail, password, the authenticator's code. A code
 * is accepted once, so when this account's current code was already used (a retry), it waits for the next one.
 */
export async function staffLogin(
  page: Page,
  request: APIRequestContext,
  email: string,
  /** `here`: the login already on screen (a session that ended), which then opens `lands` instead of the console's home. */
  opts: { here?: boolean; lands?: RegExp } = {},
): Promise<void> {
  if (!opts.here) await page.goto('/backoffice');
  await expect(page.getByRole('heading', { name: 'Console Guarita' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  // Two workers and several specs share the demo accounts, and a code is accepted once: each login waits for a step
  // reserved for it (totp-steps.ts). A step taken anyway (a login outside this helper) costs another attempt.
  for (let attempt = 0; attempt < 5; attempt++) {
    const step = reserveTotpStep(email, new URL(page.url()).port);
    const startsIn = step * TOTP_STEP_MS + 300 - Date.now();
    if (startsIn > 0) await page.waitForTimeout(startsIn);
    const code = await totp(request, email);
    await page.getByLabel('Código do autenticador').fill(code.codigo);
    // This attempt's own answer (an earlier attempt's 'já foi usado' may still be on screen).
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/backoffice/auth/login');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    const res = await answer;
    if (res.ok()) {
      // The console's home: the queue, or financeiro's desk.
      await expect(page.getByRole('heading', { name: opts.lands ?? /^(Fila de casos|Financeiro)$/, level: 1 })).toBeVisible();
      return;
    }
    expect((await res.json()) as { erro?: string }, 'staff login answer').toMatchObject({ erro: 'CODE_REUSED' });
  }
  throw new Error(`staff login failed for ${email}`);
}

/** In the console's queue, searches a contract, filters by reason and opens the first case; answers its number. */
export async function openStaffCase(staff: Page, contract: string, reason: string): Promise<string> {
  const main = staff.getByRole('main');
  await staff.getByLabel('Buscar', { exact: true }).fill(contract);
  await staff.getByLabel('Motivo', { exact: true }).selectOption(reason);
  await staff.getByRole('button', { name: 'Filtrar' }).click();
  // The last filter's rows stay on screen (dimmed, aria-busy) until the new answer: wait for a row of this search.
  const first = main.getByRole('row').nth(1);
  await expect(first.getByRole('cell', { name: contract, exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: reason, exact: true })).toBeVisible();
  await expect(main.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
  const link = first.getByRole('link');
  const caseNumber = (await link.textContent())!.trim();
  await link.click();
  await expect(main.getByRole('heading', { name: `Caso nº ${caseNumber}` })).toBeVisible();
  return caseNumber;
}
