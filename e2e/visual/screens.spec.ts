import { expect, test } from '@playwright/test';
import { MARIA } from '../support/demo';
import { loginThroughForm } from '../support/login';

/**
 * Whole-page screenshots of the main routes at 360 and 1280 px, compared with a baseline taken before a
 * visual refactor (CSS moves, class renames). Not part of the suite: run with e2e/visual.config.ts,
 * `--update-snapshots` on the old code, then without it on the new code.
 */
const PUBLIC = ['/', '/contato'];
const PRIVATE = ['/dashboard', '/pagamentos', '/pagamentos/fatura-em-aberto'];

for (const width of [360, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of PUBLIC) {
      test(`public ${path}`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page).toHaveScreenshot(`${width}${path.replace(/\//g, '_')}.png`, { fullPage: true, maxDiffPixels: 0 });
      });
    }
    test('logged in', async ({ page, request }) => {
      await loginThroughForm(page, request, MARIA);
      for (const path of PRIVATE) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        await expect(page).toHaveScreenshot(`${width}${path.replace(/\//g, '_')}.png`, { fullPage: true, maxDiffPixels: 0 });
      }
    });
  });
}
