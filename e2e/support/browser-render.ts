import { expect, type Locator, type Page } from '@playwright/test';

/** The page cookie (ADR 059): with it, a customer page's HTML comes rendered by the server with its data. */
export const PAGE_COOKIE = 'guarita_pg';

/**
 * From now on the page's documents are asked for without the page cookie, so customer pages come as the skeleton and
 * the browser renders them from the boot request (ADR 058): what a customer whose page cookie has expired gets, and
 * what tests of the browser's own data path (the boot, a failing request's error state) need to see.
 */
export async function renderInBrowser(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      // Cookies are added once the request leaves the interception: taking the page cookie out of the jar (the last
      // boot set it again) is what keeps it off this request.
      if (route.request().isNavigationRequest()) await page.context().clearCookies({ name: PAGE_COOKIE });
      return route.fallback();
    },
  );
}

/**
 * Waits until React owns `field` (a server-rendered page hydrates after its first paint, a form loaded on demand
 * last): before that the page's loader holds what is typed into it, as it would be lost (ADR 059).
 */
export async function untilTheAppOwns(field: Locator): Promise<void> {
  await expect.poll(() => field.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$')))).toBe(true);
}
