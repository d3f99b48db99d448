import { expect, test } from '@playwright/test';
import { MARIA_VEHICLES, mariaSpec } from '../support/customers';
import { expectPath, loggedIn } from '../support/login';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('on a phone the header has a back button and a slide-in burger menu', async ({ page, request }) => {
  await loggedIn(page, request, mariaSpec());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MARIA_VEHICLES[0]);

  // Mobile header: the burger (the back button is not on the start page); the desktop navigation is not shown.
  const back = page.getByRole('button', { name: 'Voltar' });
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  await expect(back).toHaveCount(0);
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
  const menu = page.getByRole('navigation', { name: 'Menu', exact: true });
  await expect(menu).toBeHidden();

  // The burger opens the menu: greeting, vehicle selector and every item; Escape closes it.
  await burger.click();
  await expect(menu).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByText('Olá, Maria!')).toBeVisible();
  await expect(menu.getByRole('combobox', { name: 'Veículo' }).getByRole('option')).toHaveText([...MARIA_VEHICLES]);
  for (const label of ['Início', 'Cadastro', 'Meu Plano', 'Mapa do Veículo', 'Pagamentos', 'Solicitações', 'Sinistros']) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('button', { name: 'Sair' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(burger).toBeFocused();

  // A menu item navigates and closes the menu; the 'Fechar menu' button closes it too.
  await burger.click();
  await menu.getByRole('link', { name: 'Cadastro', exact: true }).click();
  await expectPath(page, '/cadastro');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meu Cadastro');
  await expect(menu).toBeHidden();
  await burger.click();
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Fechar menu' }).click();
  await expect(menu).toBeHidden();

  // The back button goes to the parent screen: from the registration page, the start page.
  await expect(back).toBeVisible();
  await back.click();
  await expectPath(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MARIA_VEHICLES[0]);

  // Choosing a vehicle in the menu goes to its start page.
  await page.goto('/cadastro');
  await burger.click();
  await menu.getByRole('combobox', { name: 'Veículo' }).selectOption({ label: 'Dispositivo 2' });
  await expectPath(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dispositivo 2');
  await expect(menu).toBeHidden();
});
