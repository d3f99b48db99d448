import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@guarita/domain';
import { mariaSpec } from '../support/customers';
import { loggedIn } from '../support/login';

// Each test logs in through the outbox; on a busy machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });
// What the service worker does is this spec's subject (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 31, part 2 (ADR 091): the app is installable (a manifest and a service worker), and a customer who saw a
 * screen online sees it again after a reload without a connection, with the time its data was loaded.
 */

/** Once the service worker controls the page: it has kept the app's files (it activates after its install). */
async function untilTheWorkerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/** How many logins' data the device keeps for offline use (lib/offline-cache.ts): 0 or 1. */
function keptEntries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('guarita-offline');
        open.onupgradeneeded = () => open.result.createObjectStore('queries');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('queries').objectStore('queries').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

test('Chrome finds the app installable: a valid manifest, its icons and a service worker', async ({ playwright, baseURL }, testInfo) => {
  // A test's context is off the record, where Chrome checks nothing else ('in-incognito'): a profile of its own here.
  const profile = mkdtempSync(path.join(tmpdir(), 'guarita-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await untilTheWorkerControls(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

for (const width of [1280, 360]) {
  test(`offline at ${width} px: a reload of /pagamentos shows the last bills and when they were loaded; logging out deletes them`, async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await loggedIn(page, request, mariaSpec());
    const main = page.getByRole('main');
    await page.goto('/pagamentos');
    const total = main.getByText('Total em aberto:').first();
    await expect(total).toContainText(/R\$\s\d/);
    const history = main.getByRole('table', { name: 'Histórico de pagamentos' });
    await expect(history).toBeVisible();
    const rows = await history.getByRole('row').allInnerTexts();
    expect(rows.join(' ')).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await untilTheWorkerControls(page);
    await expect.poll(() => keptEntries(page)).toBe(1);

    await context.setOffline(true);
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagamentos');
    const banner = page.getByRole('status').filter({ hasText: MSG.offline });
    await expect(banner).toContainText(/Atualizado em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    await expect(total).toContainText(/R\$\s\d/);
    await expect(history.getByRole('row')).toHaveText(rows, { useInnerText: true });

    // Back online: the login is still valid, the page asks again and the banner goes.
    await context.setOffline(false);
    await expect(page.getByText(MSG.offline)).toHaveCount(0);
    await expect(total).toContainText(/R\$\s\d/);

    // 'Sair' deletes what the device kept.
    if (width < 768) await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('navigation', { name: width < 768 ? 'Menu' : 'Menu principal', exact: true });
    await menu.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByLabel('CPF ou CNPJ')).toBeVisible();
    await expect.poll(() => keptEntries(page)).toBe(0);
  });
}
