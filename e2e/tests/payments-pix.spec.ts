import { expect, test } from '@playwright/test';
import { horizonteSpec } from '../support/customers';
import { expectPath, loggedIn } from '../support/login';
import { confirmPixAsTheBank, decodeQrImage, dragSheetDown, expectValidBrCode } from '../support/pix';

/**
 * Pix for the open invoice, as a customer does it on a phone: Transportes Horizonte (CNPJ) has an overdue
 * bill on its Fiorino, so an advance is not possible yet; it pays the bill by Pix, the QR image carries
 * exactly the "copia e cola" payload (with a valid CRC16), and when the bank confirms (the demo's
 * confirmation goes through the same code path as the PSP webhook) the screen updates by itself.
 */

test.use({ viewport: { width: 390, height: 844 }, permissions: ['clipboard-read', 'clipboard-write'] });

test('a customer with an overdue invoice cannot advance, pays it by Pix and sees the payment confirmed by itself', async ({
  page,
  request,
}) => {
  const horizonte = await loggedIn(page, request, horizonteSpec());
  const main = page.getByRole('main');

  // Advancing is not possible while a bill is overdue: the sheet says so, and drags away (> 80 px).
  await page.goto('/antecipacao');
  const sheet = page.getByRole('dialog', { name: 'Antecipação não disponível' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('A antecipação só é possível após a quitação das faturas em atraso.');
  await dragSheetDown(page, sheet, 120);
  await expect(sheet).toBeHidden();

  // From the payments page to the open invoice.
  await page.goto('/pagamentos');
  await expect(main.getByText('Total em aberto:')).toContainText('R$ 578,51');
  await main.getByRole('link', { name: 'Pagar fatura em aberto' }).click();
  await expectPath(page, '/pagamentos/fatura-em-aberto');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PAGAMENTO DE FATURA', { useInnerText: true });
  await expect(main.getByText('Total em aberto:')).toContainText('R$ 578,51');

  // Pix: one charge, even for a double click.
  const chooser = main.getByRole('radiogroup', { name: 'Forma de pagamento' });
  await chooser.getByRole('radio', { name: 'Pix' }).check();
  const pixPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/payments/contracts/${horizonte.contracts.fiorino}/pix`))
      pixPosts.push(r.headers()['idempotency-key'] ?? '');
  });
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/payments/contracts/${horizonte.contracts.fiorino}/pix`),
  );
  await main.getByRole('button', { name: 'Gerar Pix' }).dblclick();
  const answer = (await (await created).json()) as { conteudo: { txid: string; chaveAleatoria: string; valor: number } };

  // The chooser is gone; the QR, the key to copy, the validity and the notice are shown.
  await expect(chooser).toHaveCount(0);
  await expect(main.getByText('QR code válido por 02 horas')).toBeVisible();
  await expect(main.getByText('Você será notificado assim que o pagamento for confirmado')).toBeVisible();
  const field = main.getByLabel('Pix copia e cola');
  const payload = await field.inputValue();
  expect(payload).toBe(answer.conteudo.chaveAleatoria);
  expect(pixPosts).toHaveLength(1);
  expect(pixPosts[0]).toMatch(/^[0-9a-f-]{36}$/);

  // A real BR Code: its CRC16 checks, it carries the amount and the charge's txid.
  expectValidBrCode(payload, { amount: '578.51', txid: answer.conteudo.txid });

  // The QR image decodes to exactly the payload shown for copy.
  expect(await decodeQrImage(page)).toBe(payload);

  // 'Copiar Pix' puts it on the clipboard and says so.
  await main.getByRole('button', { name: 'Copiar Pix' }).click();
  await expect(main.getByText('Código Pix copiado!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payload);

  // A reload keeps the same Pix (no new charge, no chooser).
  await page.reload();
  await expect(main.getByLabel('Pix copia e cola')).toHaveValue(payload);
  await expect(main.getByRole('radiogroup', { name: 'Forma de pagamento' })).toHaveCount(0);
  expect(pixPosts).toHaveLength(1);

  // The bank confirms; the screen shows it without a reload, and the open total drops to zero.
  expect(await confirmPixAsTheBank(request, answer.conteudo.txid)).toBe('paid');
  await expect(main.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  await expect(main.getByText(/Recebemos o seu Pix de/)).toContainText('R$ 578,51');
  await expect(main.getByRole('button', { name: 'Copiar Pix' })).toHaveCount(0);
  await expect(main.getByText('Total em aberto:')).toContainText('R$ 0,00');

  // The payments page: nothing open, the bill paid.
  await main.getByRole('link', { name: 'Ver pagamentos' }).click();
  await expectPath(page, '/pagamentos');
  await expect(main.getByText('Total em aberto:')).toContainText('R$ 0,00');
  await expect(main.getByRole('link', { name: 'Pagar fatura em aberto' })).toHaveCount(0);
  await expect(main.getByRole('table')).not.toContainText('Inadimplente');

  // Confirming again changes nothing.
  expect(await confirmPixAsTheBank(request, answer.conteudo.txid)).toBe('already_paid');

  // With nothing open, the open-invoice page says so and leads back.
  await page.goto('/pagamentos/fatura-em-aberto');
  await expect(main.getByText('Você não possui faturas em aberto.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Voltar para pagamentos' })).toHaveAttribute('href', '/pagamentos');
});
