import { expect, test, type Page } from '@playwright/test';
import { untilTheAppOwns } from '../support/browser-render';
import { joaoSpec, mariaSpec } from '../support/customers';
import { loggedIn } from '../support/login';

/** Minhas Viagens (issue 10): the trips list, routes on the map, delete, the live vehicle. Tiles are served offline. */

// Log in, map and PDF work take a while on a loaded CI machine.
test.describe.configure({ timeout: 90_000 });

const main = (page: Page) => page.getByRole('main');
const list = (page: Page) => main(page).getByRole('list', { name: 'Lista de viagens' });
const cards = (page: Page) =>
  list(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Excluir viagem' }) });
/** The card's own button (its text is the trip: times, addresses, figures); aria-pressed tells if it is on the map. */
const pick = (page: Page, i: number) =>
  cards(page)
    .nth(i)
    .getByRole('button', { name: /Belo Horizonte/ });
/** The list grows with the page (no scroll box of its own): the page is scrolled to its end. */
const scrollListToEnd = (page: Page) => list(page).evaluate((el) => el.lastElementChild?.scrollIntoView({ block: 'end' }));

test('trips load by 10 with infinite scroll; selecting draws A/B routes, deselect and Limpar remove them', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());
  await page.goto('/mapa');
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas Viagens' })).toBeVisible();
  await expect(cards(page)).toHaveCount(10);
  await expect(cards(page).first()).toContainText(/\d+,\d km/);
  await expect(cards(page).first()).toContainText(/média \d+ km\/h/);
  await expect(cards(page).first()).toContainText('Belo Horizonte - MG');

  await scrollListToEnd(page);
  await expect(cards(page)).toHaveCount(20);
  await scrollListToEnd(page);
  await expect(cards(page)).toHaveCount(24);

  const a = page.locator('.trip-marker-a');
  const b = page.locator('.trip-marker-b');
  await pick(page, 0).click();
  await expect(pick(page, 0)).toHaveAttribute('aria-pressed', 'true');
  await expect(a).toHaveCount(1);
  await expect(b).toHaveCount(1);
  await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);

  await pick(page, 1).click();
  await expect(a).toHaveCount(2);
  await pick(page, 0).click();
  await expect(pick(page, 0)).toHaveAttribute('aria-pressed', 'false');
  await expect(a).toHaveCount(1);
  await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);

  await main(page).getByRole('button', { name: 'Limpar' }).click();
  await expect(a).toHaveCount(0);
  await expect(b).toHaveCount(0);
  await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(0);
});

test('the live vehicle moves on the map and the last communication is recent', async ({ page, request }) => {
  await loggedIn(page, request, { ...mariaSpec(), live: ['onix'] });
  await page.goto('/mapa');
  const marker = page.locator('.live-marker');
  await expect(marker).toHaveCount(1);
  await expect(main(page).getByText(/Última comunicação há menos de 1 min/)).toBeVisible();
  const first = await marker.evaluate((el) => (el as HTMLElement).style.transform);
  await expect.poll(() => marker.evaluate((el) => (el as HTMLElement).style.transform), { timeout: 15_000 }).not.toBe(first);
});

test('deleting a trip asks first and removes it for good', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());
  await page.goto('/mapa');
  await main(page).getByRole('combobox', { name: 'Veículo' }).selectOption({ label: 'Dispositivo 2' });
  await expect(main(page).getByRole('combobox', { name: 'Veículo' })).toHaveValue(/^1-/);
  await expect(cards(page)).toHaveCount(6);
  const firstLabel = await cards(page).first().getAttribute('aria-label');

  await cards(page).first().getByRole('button', { name: 'Excluir viagem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir viagem?' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(cards(page)).toHaveCount(6);

  await cards(page).first().getByRole('button', { name: 'Excluir viagem' }).click();
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(dialog).toBeHidden();
  await expect(cards(page)).toHaveCount(5);
  await page.reload();
  await expect(cards(page)).toHaveCount(5);
  await expect(list(page).getByRole('listitem', { name: firstLabel! })).toHaveCount(0);
});

test('a tracker silent for days is flagged', async ({ page, request }) => {
  await loggedIn(page, request, joaoSpec());
  await page.goto('/mapa');
  await expect(main(page).getByRole('alert')).toContainText('Seu rastreador está sem comunicação há mais de 24 horas.');
  await expect(main(page).getByText(/Última comunicação há \d+ dias/)).toBeVisible();
});

test('a contract without tracker explains instead of showing an empty map', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());
  await page.goto('/mapa');
  const vehicle = main(page).getByRole('combobox', { name: 'Veículo' });
  await untilTheAppOwns(vehicle);
  await vehicle.selectOption({ label: 'QWE7D89 CIVIC EXL 2.0' });
  await expect(main(page).getByRole('heading', { name: 'Este veículo não tem rastreador' })).toBeVisible();
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
});

test('on a phone the trips start on the first screen, scroll with the page, and a trip tapped lower down is drawn on a map in view', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loggedIn(page, request, mariaSpec());
  await page.goto('/mapa');
  await expect(cards(page)).toHaveCount(10);
  // The first trip is on the first screen, under the map.
  await expect(cards(page).first()).toBeInViewport();
  await expect(page.locator('.leaflet-container')).toBeInViewport({ ratio: 1 });
  // One scrolling page: the list is no scroll box of its own.
  expect(await list(page).evaluate((el) => [getComputedStyle(el).overflowY, el.scrollHeight <= el.clientHeight + 1])).toEqual([
    'visible',
    true,
  ]);

  // A trip far down the page: tapped, its route is drawn on the map, which is still in view.
  await pick(page, 8).scrollIntoViewIfNeeded();
  await pick(page, 8).click();
  await expect(pick(page, 8)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(page.locator('.leaflet-container')).toBeInViewport({ ratio: 1 });
  await expect(pick(page, 8)).toBeInViewport();
});
