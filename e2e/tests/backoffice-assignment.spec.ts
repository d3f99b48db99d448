import { expect, type Page } from '@playwright/test';
import { joaoSpec, type CustomerSpec } from '../support/customers';
import { newCustomer, type TestCustomer } from '../support/factory';
import { sidewaysOverflow, widestElements } from '../support/routes';
import { staffLogin, test } from '../support/staff';
import { axeViolations } from '../support/axe';

/**
 * Issue 30 items 10, 14 and 17 (ADR 086), at 360 and 1280 px: assignment and 'Também neste caso agora' between two
 * staff browsers, 'Meus casos' and the assignee column, bulk actions with a partial result, and the case page's
 * keyboard. Each test's customer and cases are its own; the staff accounts are demo mode's.
 */

test.describe.configure({ timeout: 240_000 });

const main = (page: Page) => page.getByRole('main');
const TEL = '(11) 99876-5432';

/** João with three more support cases: two just opened (Aberto), one in Análise. */
function withCases(): CustomerSpec {
  const spec = joaoSpec();
  const ouvidoria = (descricao: string) => ({ tipo: 'ouvidoria' as const, telefone: TEL, descricao });
  return {
    ...spec,
    cases: [
      { contract: 'gol', daysAgo: 4, request: ouvidoria('Ninguém atende na central.') },
      { contract: 'gol', daysAgo: 3, request: ouvidoria('Cobrança em duplicidade.') },
      { contract: 'gol', daysAgo: 2, request: ouvidoria('Demora no atendimento.'), phases: [{ phase: 'Análise', daysAgo: 1 }] },
    ],
  };
}

async function axeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function filterQueue(staff: Page, joao: TestCustomer, assignee?: string) {
  await staff.getByLabel('Buscar', { exact: true }).fill(String(joao.contracts.gol));
  if (assignee) await staff.getByLabel('Responsável', { exact: true }).selectOption({ label: assignee });
  await staff.getByRole('button', { name: 'Filtrar' }).click();
}

const WIDTHS = [360, 1280] as const;

// One login per account and test (a TOTP code is accepted once: parallel logins of one account wait for the next code).
test("assign to me; a second agent sees it and both see 'Também neste caso agora'; 'Meus casos' (360 and 1280 px)", async ({
  staff,
  customer: admin,
  request,
}) => {
  await staffLogin(staff, request, 'atendimento@guarita.example');
  await staffLogin(admin, request, 'admin@guarita.example');
  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await staff.setViewportSize({ width, height: 800 });
      await admin.setViewportSize({ width, height: 800 });
      const joao = await newCustomer(request, withCases());
      const caseNumber = joao.cases[0]!;
      await staff.goto(`/backoffice/casos/${caseNumber}`);
      await expect(main(staff).getByRole('heading', { name: `Caso nº ${caseNumber}`, level: 1 })).toBeVisible();
      const responsible = main(staff).getByRole('region', { name: 'Responsável' });
      await expect(responsible.getByText('Ninguém atribuído.')).toBeVisible();
      await responsible.getByRole('button', { name: 'Atribuir a mim' }).click();
      await expect(responsible.getByText('Atribuído a você.', { exact: true })).toBeVisible();

      await admin.goto(`/backoffice/casos/${caseNumber}`);
      await expect(main(admin).getByText('Atribuído a Ana Atendimento (Atendimento).')).toBeVisible();
      // Admin reads: no buttons to change it.
      await expect(main(admin).getByRole('button', { name: 'Atribuir a mim' })).toHaveCount(0);
      await expect(main(admin).getByText('Também neste caso agora: Ana Atendimento (Atendimento)')).toBeVisible();
      // Ana's page beats every 10 s and learns who arrived.
      await expect(main(staff).getByText('Também neste caso agora: Alice Admin (Administração)')).toBeVisible({ timeout: 25_000 });
      expect(await sidewaysOverflow(staff), (await widestElements(staff)).join(', ')).toBe(0);
      await axeClean(staff);
      if (width === 360) await staff.screenshot({ path: `test-results/assignment-case-${width}.png`, fullPage: false });

      // Admin leaves: gone from Ana's page at the next beat.
      await main(admin).getByRole('link', { name: 'Voltar para a fila' }).click();
      await expect(main(admin).getByRole('heading', { name: 'Fila de casos', level: 1 })).toBeVisible();
      await expect(main(staff).getByText(/Também neste caso agora/)).toHaveCount(0, { timeout: 25_000 });

      await staff.goto('/backoffice');
      await filterQueue(staff, joao, 'Meus casos');
      const rows = main(staff).getByRole('row');
      await expect(rows).toHaveCount(2); // header + Ana's case
      await expect(rows.nth(1)).toContainText(caseNumber);
      await expect(rows.nth(1)).toContainText('Ana Atendimento');
      expect(await sidewaysOverflow(staff), (await widestElements(staff)).join(', ')).toBe(0);
      await axeClean(staff);
    });
  }
});

test('bulk actions report per case; the case page walks the queue by keyboard (360 and 1280 px)', async ({ staff, request }) => {
  await staffLogin(staff, request, 'atendimento@guarita.example');
  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await staff.setViewportSize({ width, height: 800 });
      const joao = await newCustomer(request, withCases());
      const [aberto1, aberto2, analise] = joao.cases as [string, string, string];
      await staff.goto('/backoffice');
      await filterQueue(staff, joao);
      await expect(main(staff).getByRole('checkbox', { name: `Selecionar caso ${analise}` })).toBeVisible();

      // Keyboard first: open the first case, walk with J/K, help with ?, A assigns, C goes to the comment box.
      const ordered = (await main(staff).getByRole('row').getByRole('link').allTextContents()).map((t) => t.trim());
      expect(ordered).toEqual(expect.arrayContaining([aberto1, aberto2, analise]));
      await main(staff).getByRole('link', { name: ordered[0]! }).click();
      await expect(main(staff).getByRole('heading', { name: `Caso nº ${ordered[0]}`, level: 1 })).toBeVisible();
      await expect(main(staff).getByRole('button', { name: 'Atribuir a mim' })).toBeVisible();
      await staff.keyboard.press('j');
      await expect(main(staff).getByRole('heading', { name: `Caso nº ${ordered[1]}`, level: 1 })).toBeVisible();
      await staff.keyboard.press('k');
      await expect(main(staff).getByRole('heading', { name: `Caso nº ${ordered[0]}`, level: 1 })).toBeVisible();
      await staff.keyboard.press('?');
      const help = staff.getByRole('dialog', { name: 'Atalhos de teclado' });
      await expect(help).toBeVisible();
      if (width === 360) await staff.screenshot({ path: `test-results/assignment-shortcuts-${width}.png` });
      await staff.keyboard.press('Escape');
      await expect(help).toBeHidden();
      await main(staff).getByRole('button', { name: 'Atribuir a mim' }).waitFor();
      await staff.keyboard.press('a');
      await expect(main(staff).getByText('Atribuído a você.', { exact: true })).toBeVisible();
      await staff.keyboard.press('c');
      const box = main(staff).getByRole('textbox', { name: 'Comentário' });
      await expect(box).toBeFocused();
      await staff.keyboard.type('jk');
      await expect(box).toHaveValue('jk');
      await expect(main(staff).getByRole('heading', { name: `Caso nº ${ordered[0]}`, level: 1 })).toBeVisible();

      // Bulk: 'Aguardando Cliente' applies only to the case in Análise; the two others say why and stay selected.
      await staff.goto('/backoffice');
      await filterQueue(staff, joao);
      await main(staff).getByRole('checkbox', { name: 'Selecionar todos desta página' }).check();
      await expect(main(staff).getByText('3 casos selecionados.')).toBeVisible();
      await main(staff).getByLabel('Ação em lote').selectOption('Mudar fase');
      await main(staff).getByLabel('Nova fase').selectOption('Aguardando Cliente');
      await main(staff).getByRole('button', { name: 'Aplicar aos selecionados' }).click();
      const report = main(staff).getByText(/Ação aplicada a 1 de 3 casos\./);
      await expect(report).toBeVisible();
      await expect(report).toContainText(`Caso ${aberto1}: Não é possível mover o caso de Aberto para Aguardando Cliente.`);
      await expect(report).toContainText(`Caso ${aberto2}: Não é possível mover o caso de Aberto para Aguardando Cliente.`);
      await expect(main(staff).getByRole('checkbox', { name: `Selecionar caso ${aberto1}` })).toBeChecked();
      await expect(main(staff).getByRole('checkbox', { name: `Selecionar caso ${analise}` })).not.toBeChecked();
      await expect(main(staff).getByRole('row', { name: new RegExp(analise) })).toContainText('Aguardando Cliente');
      expect(await sidewaysOverflow(staff), (await widestElements(staff)).join(', ')).toBe(0);
      await axeClean(staff);
      await staff.screenshot({ path: `test-results/assignment-bulk-${width}.png`, fullPage: true });

      // Close the two still selected, after the confirmation.
      await main(staff).getByLabel('Ação em lote').selectOption('Encerrar');
      await main(staff).getByRole('button', { name: 'Aplicar aos selecionados' }).click();
      const confirm = staff.getByRole('dialog', { name: 'Encerrar 2 casos?' });
      await confirm.getByRole('button', { name: 'Encerrar casos' }).click();
      await expect(main(staff).getByText('Ação aplicada a 2 casos.')).toBeVisible();
      await expect(main(staff).getByRole('row', { name: new RegExp(aberto1) })).toHaveCount(0);
      await expect(main(staff).getByRole('row', { name: new RegExp(aberto2) })).toHaveCount(0);
    });
  }
});
