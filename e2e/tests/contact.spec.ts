import { expect, test } from '@playwright/test';
import { readOutbox } from '../support/login';

/** Where the demo install delivers 'Fale conosco' messages (CONTACT_INBOX). */
const CONTACT_INBOX = 'contato@guarita.example';

test('a visitor sends the contact form, proving with the captcha that they are not a robot', async ({ page, request }) => {
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/contact') posts.push(req.url());
  });

  await page.goto('/contato');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fale conosco');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: '0800 000 1010' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'atendimento@guarita.example' })).toBeVisible();
  await expect(main).toContainText('Belo Horizonte');

  const form = page.getByRole('form', { name: 'Formulário de contato' });
  const name = form.getByLabel('Nome');
  const email = form.getByLabel('E-mail');
  const phone = form.getByLabel('Telefone com DDD');
  const message = form.getByLabel('Mensagem');
  const send = form.getByRole('button', { name: 'Enviar' });
  await expect(email).toHaveAttribute('type', 'email');

  // The captcha (and the form's checks) load with the visitor's first touch of the form, not with the page (ADR 025).
  await expect(form.getByRole('status')).toHaveText('A verificação anti-robô começa quando você preencher o formulário.');
  await name.click();
  // The ALTCHA widget fetches a challenge and solves its proof of work when checked (before any field is
  // filled: it also starts by itself as soon as the visitor focuses a field).
  const challenge = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/contact/challenge');
  const captcha = form.getByRole('checkbox', { name: 'Não sou um robô' });
  await expect(captcha).not.toBeChecked();
  // The box is drawn over the native input: a person clicks the label next to it.
  await form.getByText('Não sou um robô', { exact: true }).click();
  expect((await challenge).status()).toBe(200);
  const verified = form.getByRole('checkbox', { name: 'Verificado' });
  await expect(verified).toBeChecked({ timeout: 20_000 });

  // Empty: the message, and nothing is sent; editing any field clears it.
  await send.click();
  await expect(form.getByText('Preencha todos os campos!', { exact: true })).toBeVisible();
  await name.fill('Ana Beatriz Teste');
  await expect(form.getByText('Preencha todos os campos!')).toHaveCount(0);
  await send.click();
  await expect(form.getByText('Preencha todos os campos!', { exact: true })).toBeVisible();
  expect(posts).toEqual([]);

  const token = `e2e-${Date.now()}`;
  await email.fill('ana.teste@example.com');
  await phone.pressSequentially('31999998888', { delay: 10 });
  await expect(phone).toHaveValue('(31) 99999-8888');
  await message.fill(`Quero saber mais sobre o plano com rastreador. (${token})`);

  await send.click();
  await expect(form.getByText('Mensagem enviada com sucesso!', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(posts).toHaveLength(1);
  await expect(name).toHaveValue('');
  await expect(message).toHaveValue('');

  // Delivered by e-mail through the notifier (the demo outbox) to the contact inbox.
  const mail = (await readOutbox(request)).find((m) => m.to === CONTACT_INBOX && m.body.includes(token));
  expect(mail, 'the contact e-mail in the outbox').toBeTruthy();
  expect(mail!.channel).toBe('email');
  expect(mail!.subject).toBe('Contato via Site');
  expect(mail!.body).toContain('Ana Beatriz Teste');
  expect(mail!.body).toContain('ana.teste@example.com');
  expect(mail!.body).toContain('(31) 99999-8888');

  // Editing a field clears the success message.
  await name.fill('A');
  await expect(form.getByText('Mensagem enviada com sucesso!')).toHaveCount(0);
});

test("on a phone, 'Enviar' pressed first thing on a fresh page says 'Preencha todos os campos!' and sends nothing", async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/contact') posts.push(req.url());
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/contato');
  const form = page.getByRole('form', { name: 'Formulário de contato' });
  const send = form.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeEnabled();
  // The press is the form's first touch: the captcha's line changes and its widget loads, and the button must not move
  // between the press and the release (a click whose release lands elsewhere is no click).
  await send.scrollIntoViewIfNeeded();
  const box = (await send.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(form.getByRole('status')).toHaveText('Carregando verificação anti-robô…');
  expect((await send.boundingBox())?.y, 'the button did not move under the finger').toBe(box.y);
  await page.mouse.up();
  await expect(form.getByText('Preencha todos os campos!', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Nome')).toHaveAttribute('aria-invalid', 'true');
  // The widget took the place its line had kept for it.
  await expect(form.getByRole('checkbox', { name: 'Não sou um robô' })).toBeVisible();
  expect(posts).toEqual([]);
});
