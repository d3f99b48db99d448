import { expect, test, type Page } from '@playwright/test';
import { mariaSpec } from '../support/customers';
import { newCustomer } from '../support/factory';

/**
 * A customer on a slow phone sees the prerendered page before its scripts arrive and starts typing (issue 8,
 * ADR 025): what was typed or ticked before React hydrates stays, the page stays consistent with it, and the
 * form works once hydrated. The scripts are held back until the test lets them through.
 */
async function holdScripts(page: Page, opts: { loader: 'held' | 'let through' } = { loader: 'held' }): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    // The public pages' small loader (boot/deferred-entry.ts) that asks for the modules after the first paint.
    if (opts.loader === 'held' || !/\/deferred-entry-[\w-]+\.js$/.test(route.request().url())) await gate;
    await route.continue();
  });
  return release;
}

test('the CPF typed into the login card before hydration stays, and the focus stays in the field', async ({ page, request }) => {
  const maria = await newCustomer(request, mariaSpec());
  const digits = maria.document.replace(/\D/g, '');
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const field = page.getByLabel('CPF ou CNPJ');
  const send = page.getByRole('button', { name: 'Continuar' });
  await field.pressSequentially(digits.slice(0, 6), { delay: 20 });
  await expect(send).toBeDisabled(); // not hydrated yet: a tap cannot submit the bare HTML form
  release();
  await expect(send).toBeEnabled();
  // Hydrated: what was typed is still there (masked now), and the customer is still typing in the field.
  await expect(field).toHaveValue(maria.document.slice(0, 7));
  await expect(field).toBeFocused();
  await page.keyboard.type(digits.slice(6), { delay: 20 });
  await expect(field).toHaveValue(maria.document);
  await send.click();
  await expect(page.getByRole('heading', { name: 'Onde você quer receber o código?' })).toBeVisible();
});

test('the CNPJ-with-letters switch ticked before hydration stays ticked and keeps the letters keyboard', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const field = page.getByLabel('CPF ou CNPJ');
  const letters = page.getByRole('checkbox', { name: 'CNPJ com letras' });
  await letters.check();
  await field.pressSequentially('12abc34501de35', { delay: 20 });
  release();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  await expect(letters).toBeChecked();
  await expect(field).toHaveAttribute('inputmode', 'text');
  await expect(field).toBeFocused(); // as after the switch is used once hydrated
  await expect(field).toHaveValue('12.ABC.345/01DE-35');
  // The switch still works both ways after hydration.
  await letters.uncheck();
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Onde você quer receber o código?' })).toBeVisible();
});

test('the contact form keeps what was typed before hydration, and sends it', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/contato', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Formulário de contato' });
  const name = form.getByLabel('Nome');
  const email = form.getByLabel('E-mail');
  const phone = form.getByLabel('Telefone com DDD');
  const message = form.getByLabel('Mensagem');
  await name.pressSequentially('Ana Antes da Hidratação', { delay: 5 });
  await email.pressSequentially('ana.antes@example.com', { delay: 5 });
  await phone.pressSequentially('31999997777', { delay: 5 });
  await message.pressSequentially('Escrevi antes de a página terminar de carregar.', { delay: 5 });
  release();
  const send = form.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeEnabled();
  await expect(name).toHaveValue('Ana Antes da Hidratação');
  await expect(email).toHaveValue('ana.antes@example.com');
  await expect(phone).toHaveValue('(31) 99999-7777');
  await expect(message).toHaveValue('Escrevi antes de a página terminar de carregar.');
  await send.click();
  await expect(form.getByText('Mensagem enviada com sucesso!', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('a link clicked before hydration opens its page once hydrated, in the same document, with the focus on its heading', async ({
  page,
}) => {
  // The app's modules are late; the page's loader (a small classic script beside the HTML) is there.
  const release = await holdScripts(page, { loader: 'let through' });
  await page.goto('/', { waitUntil: 'commit' });
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Dúvidas frequentes' });
  await link.waitFor();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await link.click();
  // Held, and shown to be: the link is busy and a bar says the page is opening.
  await expect(link).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('progressbar', { name: 'Abrindo a página…' })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/duvidas-frequentes$/);
  await expect(page.getByRole('progressbar', { name: 'Abrindo a página…' })).toHaveCount(0);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText('Dúvidas frequentes');
  await expect(h1).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText(await page.title());
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
