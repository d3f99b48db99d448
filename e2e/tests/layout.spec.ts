import { expect, test } from '@playwright/test';
import { MARIA } from '../support/demo';
import { login } from '../support/login';
import { PUBLIC_ROUTES, customerRoutes, openRoute, sidewaysOverflow, widestElements } from '../support/routes';

/** Issue 8: no route scrolls sideways on a phone — at 320, 360 and 390 px, public and logged in. */
const PHONE_WIDTHS = [320, 360, 390] as const;

test.use({ hasTouch: true, isMobile: true });

test('no public page scrolls sideways on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    for (const path of PUBLIC_ROUTES) {
      await openRoute(page, path);
      expect.soft(await sidewaysOverflow(page), `${path} at ${width}px: ${(await widestElements(page)).join(', ')}`).toBe(0);
    }
  }
});

test('no page of the customer area scrolls sideways on a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  await login(page, request, MARIA);
  const routes = await customerRoutes(page);
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    for (const path of routes) {
      await openRoute(page, path);
      expect.soft(await sidewaysOverflow(page), `${path} at ${width}px: ${(await widestElements(page)).join(', ')}`).toBe(0);
    }
  }
});
