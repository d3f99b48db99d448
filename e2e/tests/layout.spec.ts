import { expect, test } from '@playwright/test';
import { CARLA, MARIA } from '../support/demo';
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

/** The elements of the open dialog that stick out of its content box on the right (a grid wider than the dialog). */
async function outsideDialog(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    if (!dialog) return ['no open dialog'];
    // Its content box: what reaches into the padding already looks cut off at the edge.
    const right =
      dialog.getBoundingClientRect().right -
      parseFloat(getComputedStyle(dialog).paddingRight) -
      parseFloat(getComputedStyle(dialog).borderRightWidth);
    return Array.from(dialog.querySelectorAll<HTMLElement>('*'))
      .filter((el) => el.getBoundingClientRect().right > right + 0.5)
      .slice(0, 8)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${el.className} → ${Math.round(el.getBoundingClientRect().right)}px > ${Math.round(right)}px`,
      );
  });
}

test('the request forms of issue 12 and their dialogs fit a phone (due date with its day picker, vehicle change, spare car)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Carla's 600607: free of every spare-car rule and changed by no spec.
  await login(page, request, CARLA);
  const type = page.getByLabel('Tipo de solicitação');
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await openRoute(page, '/suporte/600607');
    for (const label of ['Alteração de Vencimento', 'Troca de Veículo / Correção de Placa', 'Carro Reserva']) {
      await type.selectOption({ label });
      await expect(page.getByRole('button', { name: /Confirmar alteração|Enviar solicitação/i }).first()).toBeVisible();
      expect.soft(await sidewaysOverflow(page), `${label} at ${width}px: ${(await widestElements(page)).join(', ')}`).toBe(0);
    }
    // Spare car for a theft or robbery: MOTIVO, the report's file field and the transport options (issue 24 item 13).
    for (const motivo of ['Furto', 'Roubo']) {
      await page.getByRole('form', { name: 'Carro Reserva' }).getByLabel('MOTIVO').selectOption(motivo);
      await expect(page.getByLabel('Boletim de ocorrência (PDF)')).toBeVisible();
      expect
        .soft(await sidewaysOverflow(page), `Carro Reserva, ${motivo}, at ${width}px: ${(await widestElements(page)).join(', ')}`)
        .toBe(0);
    }
    await type.selectOption({ label: 'Alteração de Vencimento' });
    await page.getByRole('button', { name: 'Escolher novo dia de vencimento' }).click();
    const picker = page.getByRole('dialog', { name: 'Novo dia de vencimento' });
    await expect(picker).toBeVisible();
    expect.soft(await outsideDialog(page), `day picker at ${width}px`).toEqual([]);
    await picker.getByRole('button', { name: 'Cancelar' }).click();
    await expect(picker).toBeHidden();
  }
});
