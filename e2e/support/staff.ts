import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

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
  // Two workers and several specs share the demo accounts: a few logins of one account can fall in one 30 s step.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = await totp(request, email);
    await page.getByLabel('Código do autenticador').fill(code.codigo);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    // The console's home: the queue, or financeiro's desk.
    const queue = page.getByRole('heading', { name: opts.lands ?? /^(Fila de casos|Financeiro)$/, level: 1 });
    const reused = page.getByText('Este código já foi usado.', { exact: false });
    await expect(queue.or(reused)).toBeVisible();
    if (await queue.isVisible()) return;
    await page.waitForTimeout(Math.max(0, Date.parse(code.validoAte) - Date.now()) + 500);
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
