import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { horizonteSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { login } from '../support/login';
import { openRoute, sidewaysOverflow } from '../support/routes';
import { staffLogin, test } from '../support/staff';
import { axeViolations } from '../support/axe';

/**
 * Issue 30 (Back office II), the console's shell: every page has a title of its own and takes the focus on its h1;
 * a page of another role, or a case of another desk, is a page that says so; the audit log has a screen; an idle
 * session warns, then leaves the screen for the login at the same address; offline, the console says so and
 * recovers; axe finds nothing on any console page, for any role, on a phone and a desktop. And the customer's claim
 * carousel reads the staff comment it shows.
 */

test.describe.configure({ timeout: 180_000 });

const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;
const STAFF = {
  atendimento: 'atendimento@guarita.example',
  sinistros: 'sinistros@guarita.example',
  financeiro: 'financeiro@guarita.example',
  admin: 'admin@guarita.example',
} as const;
type Role = keyof typeof STAFF;

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const TITLE = (text: string) => `${text} — Console Guarita`;
const NOT_FOR_ROLE = 'Página não disponível para o seu perfil';
/** The customer's name on its case page: the data that must leave the screen when the session ends. */
const HORIZONTE_NAME = horizonteSpec().name;

// label-content-name-mismatch too: a control whose name hides its visible text (issue 30 item 9).
const violations = (page: Page) => axeViolations(page, { nameMismatch: true });

/** What the test made for the pages to show: a customer's collision claim (the sinistros desk's). */
interface Made {
  claim: string;
}

/**
 * Every console page each role can reach, with the h1 it shows: the list the axe check walks. A page added to the
 * console adds a line here (its address, its heading and the roles that open it).
 */
const CONSOLE_PAGES: ReadonlyArray<{ path: (m: Made) => string; h1: (m: Made) => string | RegExp; roles: Partial<Record<Role, true>> }> = [
  { path: () => '/backoffice', h1: () => 'Fila de casos', roles: { atendimento: true, sinistros: true, admin: true } },
  { path: (m) => `/backoffice/casos/${m.claim}`, h1: (m) => `Caso nº ${m.claim}`, roles: { sinistros: true, admin: true } },
  // A case of another desk: the same page as a number that does not exist.
  { path: (m) => `/backoffice/casos/${m.claim}`, h1: () => 'Caso não encontrado', roles: { atendimento: true } },
  { path: () => '/backoffice/casos/2099-999999', h1: () => 'Caso não encontrado', roles: { sinistros: true, admin: true } },
  // Financeiro works no case: the case route is not for its role.
  { path: (m) => `/backoffice/casos/${m.claim}`, h1: () => NOT_FOR_ROLE, roles: { financeiro: true } },
  { path: () => '/backoffice/financeiro', h1: () => 'Financeiro', roles: { financeiro: true, admin: true } },
  { path: () => '/backoffice/financeiro', h1: () => NOT_FOR_ROLE, roles: { atendimento: true, sinistros: true } },
  { path: () => '/backoffice/auditoria', h1: () => 'Auditoria', roles: { admin: true } },
  { path: () => '/backoffice/auditoria', h1: () => NOT_FOR_ROLE, roles: { atendimento: true, sinistros: true, financeiro: true } },
  { path: () => '/backoffice/nao-existe', h1: () => 'Página não encontrada', roles: { atendimento: true, financeiro: true, admin: true } },
];

test('the staff login has no accessibility violations, on a phone and a desktop', async ({ page }) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await openRoute(page, '/backoffice');
    await expect(page).toHaveTitle(TITLE('Entrar'));
    expect.soft(await violations(page), `login at ${size.width}px`).toEqual([]);
    expect.soft(await sidewaysOverflow(page), `login at ${size.width}px`).toBeLessThanOrEqual(0);
  }
});

for (const role of Object.keys(STAFF) as Role[]) {
  test(`${role}: every console page it reaches has its title, its h1 and no accessibility violations`, async ({ page, request }) => {
    // axe on every page twice over: minutes on a busy machine.
    test.setTimeout(480_000);
    const made: Made = { claim: (await newCustomer(request, horizonteSpec())).claims[0]! };
    await staffLogin(page, request, STAFF[role]);
    const pages = CONSOLE_PAGES.filter((p) => p.roles[role]);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const p of pages) {
        const path = p.path(made);
        await openRoute(page, path);
        const heading = p.h1(made);
        await expect(h1(page), path).toHaveText(heading);
        await expect(h1(page), path).toHaveCount(1);
        await expect(page, path).toHaveTitle(TITLE((await h1(page).textContent())!));
        if (heading === NOT_FOR_ROLE) {
          // One page that says so: no refusals of the page's requests, no retry buttons.
          await expect(main(page).getByRole('alert')).toHaveCount(0);
          await expect(main(page).getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
        }
        expect.soft(await violations(page), `${role} ${path} at ${size.width}px`).toEqual([]);
        expect.soft(await sidewaysOverflow(page), `${role} ${path} at ${size.width}px`).toBeLessThanOrEqual(0);
      }
    }
  });
}

for (const size of SIZES) {
  test(`at ${size.width} px: focus on the h1 after the login and after every navigation`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const horizonte = await newCustomer(request, horizonteSpec());
    const claim = horizonte.claims[0]!;
    await staffLogin(page, request, STAFF.admin);
    await expect(h1(page)).toHaveText('Fila de casos');
    await expect(h1(page)).toBeFocused();
    await expect(page).toHaveTitle(TITLE('Fila de casos'));

    // Opening a case from the queue, and back.
    await page.getByLabel('Buscar', { exact: true }).fill(String(horizonte.contracts.fiorino));
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await main(page).getByRole('link', { name: claim }).click();
    await expect(h1(page)).toHaveText(`Caso nº ${claim}`);
    await expect(h1(page)).toBeFocused();
    await expect(page).toHaveTitle(TITLE(`Caso nº ${claim}`));
    await expect(page.getByTestId('route-announcer')).toHaveText(TITLE(`Caso nº ${claim}`));
    await main(page).getByRole('link', { name: 'Voltar para a fila' }).click();
    await expect(h1(page)).toHaveText('Fila de casos');
    await expect(h1(page)).toBeFocused();

    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Auditoria' }).click();
    await expect(h1(page)).toHaveText('Auditoria');
    await expect(h1(page)).toBeFocused();
    await expect(page).toHaveTitle(TITLE('Auditoria'));
    await nav.getByRole('link', { name: 'Financeiro' }).click();
    await expect(h1(page)).toHaveText('Financeiro');
    await expect(h1(page)).toBeFocused();
    await nav.getByRole('link', { name: 'Console Guarita' }).click();
    await expect(h1(page)).toHaveText('Fila de casos');
    await expect(h1(page)).toBeFocused();
  });

  test(`at ${size.width} px: a page of another role by its address is one page that says so, with the way back`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    await staffLogin(page, request, STAFF.sinistros);
    // The menu offers neither.
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link', { name: 'Financeiro' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Auditoria' })).toHaveCount(0);
    for (const path of ['/backoffice/financeiro', '/backoffice/auditoria']) {
      await openRoute(page, path);
      await expect(h1(page)).toHaveText(NOT_FOR_ROLE);
      await expect(main(page).getByText('O perfil Sinistros não tem acesso a esta página.', { exact: false })).toBeVisible();
      await expect(main(page).getByRole('alert')).toHaveCount(0);
    }
    await page.screenshot({ path: test.info().outputPath(`shell-not-for-role-${size.width}.png`) });
    await main(page).getByRole('link', { name: 'Voltar para o início do console' }).click();
    await expect(h1(page)).toHaveText('Fila de casos');
    await expect(h1(page)).toBeFocused();
  });
}

test("a staff comment is in the audit screen (filters, before/after, CSV with the filters), and the customer's carousel reads it", async ({
  page,
  staff,
  customer,
  request,
}) => {
  const horizonte = await newCustomer(request, horizonteSpec());
  const claim = horizonte.claims[0]!;
  const comment = 'Recebemos as fotos; a análise começa amanhã.';
  await staffLogin(staff, request, STAFF.sinistros);
  await openRoute(staff, `/backoffice/casos/${claim}`);
  await main(staff).getByRole('textbox', { name: 'Comentário' }).fill(comment);
  await main(staff).getByRole('button', { name: 'Enviar comentário' }).click();
  await expect(main(staff).getByText(comment)).toBeVisible();

  await staffLogin(page, request, STAFF.admin);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Auditoria' }).click();
  await expect(h1(page)).toHaveText('Auditoria');
  // A bad filter is said at its field, in pt-BR.
  await page.getByLabel('Caso', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(main(page).getByText('Informe o número do caso no formato 2026-000123.')).toBeVisible();
  await page.getByLabel('Caso', { exact: true }).fill(claim);
  await page.getByLabel('E-mail de quem fez').fill(STAFF.sinistros);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const entries = main(page).getByRole('list', { name: 'Registros da auditoria' });
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByText('caso.comentario', { exact: true })).toBeVisible();
  await entries.getByText('Ver antes e depois (1 campo)').click();
  await expect(entries.getByRole('term')).toHaveText(['texto']);
  await expect(entries.getByRole('definition')).toHaveText(['Antes—', `Depois${comment}`]);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect.soft(await violations(page), `audit with an entry open at ${size.width}px`).toEqual([]);
    expect.soft(await sidewaysOverflow(page), `audit at ${size.width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`shell-audit-${size.width}.png`), fullPage: true });
  }

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main(page).getByRole('link', { name: 'Exportar CSV (com estes filtros)' }).click(),
  ]);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('id,quando,quem,papel,acao,caso,cliente,antes,depois,ip');
  expect(lines.slice(1)).toHaveLength(1);
  expect(lines[1]).toContain(`${STAFF.sinistros},sinistros,caso.comentario,${claim}`);

  // The customer's claim: the carousel's slide is named by the comment it shows (axe: label-content-name-mismatch).
  await login(customer, horizonte, `/sinistros/consulta/${claim}`);
  const update = main(customer).getByRole('region', { name: 'Atualização' });
  await expect(update.getByRole('button', { name: new RegExp(comment.replace(/[.;]/g, '.')) })).toBeVisible();
  for (const size of SIZES) {
    await customer.setViewportSize(size);
    expect.soft(await violations(customer), `claim tracking at ${size.width}px`).toEqual([]);
  }
});

test('an idle session warns a minute before; Continuar conectado renews it; at the end the case leaves the screen for the login, which returns to it', async ({
  page,
  request,
}) => {
  const horizonte = await newCustomer(request, horizonteSpec());
  const claim = horizonte.claims[0]!;
  // The page's clock (Date and timers) is the test's: the idle limit passes without waiting for it.
  await page.clock.install();
  await staffLogin(page, request, STAFF.sinistros);
  await openRoute(page, `/backoffice/casos/${claim}`);
  await expect(main(page).getByText(HORIZONTE_NAME, { exact: false })).toBeVisible();
  const idle = await page.evaluate(
    async () => ((await (await fetch('/api/backoffice/auth/me')).json()) as { inatividadeSegundos: number }).inatividadeSegundos,
  );

  const warning = page.getByRole('dialog', { name: 'Sua sessão vai expirar' });
  await page.clock.fastForward(idle * 1000 - 59_000);
  await expect(warning).toBeVisible();
  // 'em 60 s' counting down (the seconds the test itself took are already gone).
  const left = Number((await warning.textContent())!.match(/Sua sessão vai expirar em (\d+) s/)![1]);
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(60);
  await expect(warning.getByRole('button', { name: 'Continuar conectado' })).toBeFocused();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect.soft(await violations(page), `idle warning at ${size.width}px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`shell-idle-${size.width}.png`) });
  }
  await warning.getByRole('button', { name: 'Continuar conectado' }).click();
  await expect(warning).toBeHidden();
  // Renewed: a minute later than the first warning, nothing yet.
  await page.clock.fastForward(60_000);
  await expect(warning).toBeHidden();

  await page.clock.fastForward(idle * 1000 - 120_000);
  await expect(warning).toBeVisible();
  await page.clock.fastForward(65_000);
  await expect(page.getByText('Sua sessão terminou. Entre novamente.')).toBeVisible();
  await expect(h1(page)).toHaveText('Console Guarita');
  await expect(page.getByText(HORIZONTE_NAME, { exact: false })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/backoffice/casos/${claim}$`));
  await expect(page).toHaveTitle(TITLE('Entrar'));

  await staffLogin(page, request, STAFF.sinistros, { here: true, lands: new RegExp(`^Caso nº ${claim}$`) });
  await expect(h1(page)).toBeFocused();
  await expect(main(page).getByText(HORIZONTE_NAME, { exact: false })).toBeVisible();
});

test('a request refused with 401 (the session ended elsewhere) shows the login at the same address, which returns to it', async ({
  page,
  context,
  request,
}) => {
  const horizonte = await newCustomer(request, horizonteSpec());
  await staffLogin(page, request, STAFF.admin);
  await openRoute(page, `/backoffice/casos/${horizonte.claims[0]}`);
  await expect(main(page).getByText(HORIZONTE_NAME, { exact: false })).toBeVisible();
  await context.clearCookies();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Auditoria' }).click();
  await expect(page.getByText('Sua sessão terminou. Entre novamente.')).toBeVisible();
  await expect(page.getByText(HORIZONTE_NAME, { exact: false })).toHaveCount(0);
  await expect(page).toHaveURL(/\/backoffice\/auditoria$/);
  await staffLogin(page, request, STAFF.admin, { here: true, lands: /^Auditoria$/ });
  await expect(h1(page)).toBeFocused();
});

test('offline, a case not loaded yet shows the offline notice (not only "Carregando…") and opens when back online', async ({
  page,
  context,
  request,
}) => {
  const [a, b] = [await newCustomer(request, horizonteSpec()), await newCustomer(request, horizonteSpec())];
  await staffLogin(page, request, STAFF.sinistros);
  const filter = async (contract: number) => {
    await page.getByLabel('Buscar', { exact: true }).fill(String(contract));
    await page.getByRole('button', { name: 'Filtrar' }).click();
  };
  // One case opened first: the case page's code is in the browser.
  await filter(a.contracts.fiorino!);
  await main(page).getByRole('link', { name: a.claims[0] }).click();
  await expect(h1(page)).toHaveText(`Caso nº ${a.claims[0]}`);
  await main(page).getByRole('link', { name: 'Voltar para a fila' }).click();
  await filter(b.contracts.fiorino!);
  const link = main(page).getByRole('link', { name: b.claims[0] });
  await expect(link).toBeVisible();

  await context.setOffline(true);
  await link.click();
  await expect(page.getByRole('status').filter({ hasText: 'Você está sem conexão.' })).toBeVisible();
  await context.setOffline(false);
  await expect(h1(page)).toHaveText(`Caso nº ${b.claims[0]}`);
  await expect(page.getByText('Você está sem conexão.')).toHaveCount(0);
});
