import { expect, test, type Page } from '@playwright/test';
import { MARIA_VEHICLES, mariaSpec } from '../support/customers';
import { expectPath, loggedIn } from '../support/login';

/**
 * Issue 27 item 1: card data never leaves the browser in clear. Every request the page sends during the card flows —
 * add a card (declined, then a card the issuer challenges with 3-D Secure), pay the open bill with a new card, pay it
 * with the card on file, advance by card — is recorded (URL and body, page.on('request')) and searched afterwards for
 * a 13–19 digit number that passes Luhn and for a CVV-like field. The card sandbox (the configured provider) gets
 * only compact JWEs made in the browser with its public key.
 */

const CARDS = { approves: '5555555555554444', declines: '4000000000000002', challenge: '4000000000003220', visa: '4111111111111111' };
const CVV = '737';
const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

interface Sent {
  method: string;
  url: string;
  body: string;
}

function recordRequests(page: Page): Sent[] {
  const seen: Sent[] = [];
  page.on('request', (r) =>
    seen.push({ method: r.method(), url: r.url(), body: r.postDataBuffer()?.toString('utf8') ?? r.postData() ?? '' }),
  );
  return seen;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return sum % 10 === 0;
}

/** Card-number-like runs (13–19 digits, spaces or dashes between them allowed) that pass Luhn and start like a PAN (2–6). */
function panLike(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\d(?:[ -]?\d){12,18}/g)) {
    const d = m[0].replace(/\D/g, '');
    if (d.length >= 13 && d.length <= 19 && /^[2-6]/.test(d) && luhn(d)) found.push(d);
  }
  return found;
}

/** A field named like a security code whose value is 3 or 4 digits (JSON or form encoded). */
const CVV_FIELD = /["']?(cvv2?|cvc2?|csc|securityCode|codigoSeguranca)["']?\s*[:=]\s*["']?\d{3,4}\b/i;

function expectNoCardData(seen: Sent[]) {
  expect(seen.length).toBeGreaterThan(0);
  const leaks = seen.flatMap((s) => {
    const text = `${s.url}\n${decodeURIComponent(s.url)}\n${s.body}`;
    const out = panLike(text).map((pan) => `${s.method} ${s.url}: number ${pan}`);
    if (CVV_FIELD.test(s.body) || CVV_FIELD.test(decodeURIComponent(s.url))) out.push(`${s.method} ${s.url}: a CVV field`);
    return out;
  });
  expect(leaks).toEqual([]);
  // The typed numbers and CVV appear nowhere, in any form.
  const all = seen.map((s) => s.url + s.body).join('\n');
  for (const n of Object.values(CARDS)) expect(all).not.toContain(n);
  expect(all).not.toMatch(new RegExp(`["=:]\\s*"?${CVV}\\b`));
}

/** The card bodies that did go to our API are the provider's encrypted fields only. */
function expectEncryptedCards(seen: Sent[], path: RegExp, atLeast: number) {
  const bodies = seen.filter((s) => path.test(new URL(s.url).pathname) && s.body.includes('dadosDoCartao'));
  const writes = seen.filter((s) => s.method !== 'GET').map((s) => `${s.method} ${new URL(s.url).pathname} (${s.body.length} bytes)`);
  expect(bodies.length, `card bodies among: ${writes.join(', ')}`).toBeGreaterThanOrEqual(atLeast);
  for (const b of bodies) {
    const card = (JSON.parse(b.body) as { dadosDoCartao: Record<string, string> }).dadosDoCartao;
    expect(Object.keys(card).sort()).toEqual([
      'encryptedCardNumber',
      'encryptedExpiryMonth',
      'encryptedExpiryYear',
      'encryptedSecurityCode',
      'holderName',
    ]);
    for (const k of ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear', 'encryptedSecurityCode'])
      expect(card[k]).toMatch(/^eyJ[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/); // a compact JWE
  }
}

async function fillCard(page: Page, number: string, cvv = CVV) {
  await page.getByLabel('Número do cartão').pressSequentially(number);
  await page.getByLabel('Validade (MM/AA)').pressSequentially(`12${nextYear}`);
  await page.getByLabel('CVV').pressSequentially(cvv);
  await page.getByLabel('Nome impresso no cartão').pressSequentially('Maria A Souza');
}

const main = (page: Page) => page.getByRole('main');

test('add a card: declined, then a 3-D Secure challenge confirmed in the sandbox dialog — no number or CVV sent', async ({
  page,
  request,
}) => {
  const seen = recordRequests(page);
  await loggedIn(page, request, mariaSpec());
  await page.goto('/pagamentos/cartao');
  await main(page).getByRole('combobox', { name: 'Veículo' }).selectOption({ label: MARIA_VEHICLES[2] });
  await main(page).getByRole('link', { name: 'Adicionar um novo cartão' }).click();
  await expectPath(page, '/pagamentos/adicionar-cartao');
  const confirm = page.getByRole('button', { name: 'Confirmar troca de cartão' });

  await fillCard(page, CARDS.declines);
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Erro ao atualizar cartão' })).toBeVisible();
  await expect(main(page)).toContainText('Cartão recusado pelo emissor.');

  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await page.getByLabel('Número do cartão').pressSequentially(CARDS.challenge);
  await page.getByLabel('CVV').pressSequentially(CVV);
  await confirm.click();
  // The issuer's challenge (the sandbox's): the customer confirms.
  const challenge = page.getByRole('dialog', { name: 'Confirme a compra no seu banco' });
  await expect(challenge).toContainText('final 3220');
  await challenge.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: 'Cartão de crédito atualizado com sucesso!' })).toBeVisible();
  await expect(main(page).getByText('**** **** **** 3220')).toBeVisible();

  expectNoCardData(seen);
  expect(seen.some((s) => /\/sandbox\/3ds\//.test(s.url) && s.method === 'POST')).toBe(true);
  expect(seen.some((s) => s.url.endsWith('/card-action'))).toBe(true);
  expectEncryptedCards(seen, /\/card$/, 2);
});

test('pay the open bill with a new card, then advance by the card on file — no number or CVV sent', async ({ page, request }) => {
  const seen = recordRequests(page);
  const maria = await loggedIn(page, request, mariaSpec());

  // Pay by card: the overdue bill of the Onix with a card typed in place ('Trocar cartão').
  await page.goto(`/pagamentos/${maria.contracts.onix}`);
  await main(page).getByRole('link', { name: 'Pagar fatura em aberto' }).click();
  await expectPath(page, '/pagamentos/fatura-em-aberto');
  await page.getByRole('radio', { name: 'Cartão de Crédito' }).check();
  await page.getByRole('button', { name: 'Trocar cartão' }).click();
  await fillCard(page, CARDS.approves);
  await page.getByRole('checkbox', { name: /Li e concordo/ }).check();
  await page.getByRole('button', { name: 'Confirmar pagamento' }).click();
  const paid = page.getByRole('dialog');
  await expect(paid.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  await expect(paid).toContainText('final 4444');
  await paid.getByRole('button', { name: 'Continuar' }).click();
  await expectPath(page, '/pagamentos');

  // Advance by card: the Civic's next bill, charged to its card on file.
  await main(page).getByRole('combobox', { name: 'Veículo' }).selectOption({ label: MARIA_VEHICLES[2] });
  await main(page).getByRole('link', { name: 'Antecipar fatura' }).click();
  await expectPath(page, '/antecipacao');
  await main(page).getByRole('combobox', { name: 'Método de pagamento' }).selectOption({ label: 'Cartão de Crédito' });
  const advanced = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/advance'));
  await main(page).getByRole('button', { name: 'Solicitar Antecipação' }).click();
  expect((await advanced).status()).toBe(200);
  await expect(page.getByRole('dialog')).toContainText('final 0005');

  expectNoCardData(seen);
  expectEncryptedCards(seen, /\/card-payment$/, 1);
});
