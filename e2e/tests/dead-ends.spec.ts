import { expect, test } from '@playwright/test';
import { mariaSpec } from '../support/customers';
import { loggedIn } from '../support/login';

// Each test logs in through the outbox; on a busy machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });

/**
 * Issue 8, item 4: a page that is not built yet is never a dead end in a theft-protection product — it shows
 * the theft/robbery and 24h assistance lines as tap-to-call links; and the customer area always has an
 * emergency contact within reach.
 */
const THEFT = /^Roubo ou furto/;
const ASSISTANCE = /^Assistência 24h/;

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test('pages not built yet show the emergency lines as tap-to-call links', async ({ page, request }) => {
  const config = await (await request.get('/api/config')).json();
  const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

  await page.goto('/checkout');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: THEFT })).toHaveAttribute('href', tel(config.phoneTheft));
  await expect(main.getByRole('link', { name: ASSISTANCE })).toHaveAttribute('href', tel(config.phoneAssistance));

  const maria = await loggedIn(page, request, mariaSpec());
  // 'Comunicar sinistro' on the start page leads to the claim notice, which offers the theft line in its own card.
  await page.goto(`/dashboard/${maria.contracts.onix}`);
  await main.getByRole('navigation', { name: 'Ações rápidas' }).getByRole('link', { name: 'Comunicar sinistro' }).click();
  await expect(page).toHaveURL(new RegExp(`\\/aviso\\/${maria.contracts.onix}$`));
  await expect(main.getByRole('link', { name: `Ligar para ${config.phoneTheft}` })).toHaveAttribute('href', tel(config.phoneTheft));
  for (const path of ['/indicacao', '/checkout/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(main.getByRole('link', { name: THEFT }), path).toHaveAttribute('href', tel(config.phoneTheft));
    await expect(main.getByRole('link', { name: ASSISTANCE }), path).toHaveAttribute('href', tel(config.phoneAssistance));
  }
});

test('the customer area always has an emergency contact within reach', async ({ page, request }) => {
  const config = await (await request.get('/api/config')).json();
  const maria = await loggedIn(page, request, mariaSpec());
  for (const path of [
    '/dashboard',
    '/cadastro',
    '/meu-plano',
    '/mapa',
    '/pagamentos',
    '/suporte',
    '/servicos-adicionais',
    '/sinistros',
    `/aviso/${maria.contracts.onix}`,
  ]) {
    await page.goto(path);
    const emergency = page.getByRole('link', { name: /^Emergência/ });
    await expect(emergency, path).toBeVisible();
    await expect(emergency).toBeInViewport();
    await expect(emergency).toHaveAttribute('href', `tel:${config.phoneTheft.replace(/[^\d+]/g, '')}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('link', { name: /^Emergência/ })).toBeInViewport();
});
