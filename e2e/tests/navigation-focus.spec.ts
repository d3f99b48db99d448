import { expect, test, type Page } from '@playwright/test';
import { MARIA_VEHICLES, mariaSpec } from '../support/customers';
import { expectPath, loggedIn } from '../support/login';

// Each test logs in through the outbox; on a busy machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });

/**
 * Issue 8, items 6 and 8: after a navigation the keyboard focus is on the new page's main heading and the
 * change is announced; the phone header's back button goes to the parent route and is not on the start page;
 * the focus ring on the dark header and footer stands out (≥ 3:1).
 */

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The polite live region that announces each new page by its title. */
const announcer = (page: Page) => page.getByTestId('route-announcer');

test('focus moves to the main heading after each navigation, and the new page is announced', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  for (const [link, title] of [
    ['Cadastro', 'Meu Cadastro'],
    ['Pagamentos', 'Pagamentos'],
    ['Meu Plano', 'Meu plano'],
    ['Mapa do Veículo', 'Minhas Viagens'],
    ['Solicitações', 'Solicitações'],
    // Sinistros opens the claim notice (/aviso) first.
    ['Sinistros', 'SINISTRO'],
    ['Início', MARIA_VEHICLES[0]],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(h1(page)).toHaveText(title);
    await expect(h1(page)).toBeFocused();
    await expect(announcer(page)).toHaveText(await page.title());
  }

  // Links inside a page too: the dashboard's quick action to the payments page.
  await page.getByRole('navigation', { name: 'Ações rápidas' }).getByRole('link', { name: 'Pagamentos', exact: true }).click();
  await expect(h1(page)).toHaveText('Pagamentos');
  await expect(h1(page)).toBeFocused();
});

test('public pages: focus moves to the main heading after a navigation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Dúvidas frequentes' }).click();
  await expectPath(page, '/duvidas-frequentes');
  await expect(h1(page)).toBeFocused();
  await expect(announcer(page)).toHaveText(await page.title());
  await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de Uso' }).click();
  await expect(h1(page)).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the back button goes to the parent route and is not shown on the start page', async ({ page, request }) => {
    const maria = await loggedIn(page, request, mariaSpec());
    const back = page.getByRole('button', { name: 'Voltar' });
    await expect(h1(page)).toHaveText(MARIA_VEHICLES[0]);
    await expect(back).toHaveCount(0);

    // Opened directly (as after a login or from a link in an e-mail): back still stays in the app.
    await page.goto('/pagamentos/fatura-em-aberto');
    await expect(h1(page)).toHaveText('PAGAMENTO DE FATURA', { useInnerText: true });
    await back.click();
    await expectPath(page, '/pagamentos');
    await expect(h1(page)).toBeFocused();
    await back.click();
    await expectPath(page, '/dashboard');
    await expect(back).toHaveCount(0);

    await page.goto(`/pagamentos/${maria.contracts.civic}`);
    await back.click();
    await expectPath(page, '/dashboard');
    await page.goto('/sinistros/consulta/123');
    await back.click();
    await expectPath(page, '/sinistros');
    await page.goto('/cadastro');
    await back.click();
    await expectPath(page, '/dashboard');
  });
});

/** WCAG relative luminance contrast of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The focus ring of the element with the keyboard focus, against the nearest opaque background behind it. */
async function ringContrast(page: Page): Promise<number> {
  const [ring, background] = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    let bg = 'rgba(0, 0, 0, 0)';
    for (let n: HTMLElement | null = el.parentElement; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (!/rgba\(.*,\s*0\)$/.test(c) && c !== 'transparent') {
        bg = c;
        break;
      }
    }
    const style = getComputedStyle(el);
    return [style.outlineStyle === 'none' ? 'none' : style.outlineColor, bg];
  });
  expect(ring, 'a visible focus ring').not.toBe('none');
  return contrast(ring, background);
}

test('the focus ring on the dark footer and header has a contrast of at least 3:1', async ({ page, request }) => {
  await page.goto('/termos-de-uso');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de Privacidade' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await ringContrast(page)).toBeGreaterThanOrEqual(3);

  await loggedIn(page, request, mariaSpec());
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Cadastro', exact: true }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await ringContrast(page)).toBeGreaterThanOrEqual(3);
});
