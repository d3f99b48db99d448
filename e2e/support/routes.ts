import { expect, type Page } from '@playwright/test';

export { PUBLIC_ROUTES, customerRoutes } from './route-list';

/** Opens a route and waits until its screen has settled: the main heading is shown and nothing is loading. */
export async function openRoute(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), `h1 of ${path}`).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Carregando/ }), `loading on ${path}`).toHaveCount(0);
}

/** How far the page scrolls sideways (0 when nothing is wider than the viewport). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The elements that stick out on the right, to say which one is too wide when the check fails. */
export async function widestElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    return (
      Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
        // A closed slide-in menu waits off-screen in a fixed layer, which does not scroll the page.
        .filter((el) => !el.closest('[inert]'))
        .slice(0, 8)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} → ${Math.round(el.getBoundingClientRect().right)}px`)
    );
  });
}
