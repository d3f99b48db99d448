import { expect, test, type Page } from '@playwright/test';
import { MARIA_VEHICLES, mariaSpec, phoneAsShown } from '../support/customers';
import { newCustomer } from '../support/factory';
import { enterCode, expectPath, sendAndReadCode, stepHeading } from '../support/login';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('a new customer logs in with CPF and the outbox code, moves around the customer area and logs out', async ({ page, request }) => {
  // The journey visits every menu page, now real screens (the map loads Leaflet): more than the 30 s default.
  test.setTimeout(90_000);
  const maria = await newCustomer(request, mariaSpec());
  const sms = maria.sms!;
  // Step 1: the CPF typed digit by digit, as a person types it; the field masks it.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: stepHeading.document })).toBeVisible();
  await page.getByLabel('CPF ou CNPJ').pressSequentially(maria.document.replace(/\D/g, ''), { delay: 20 });
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(maria.document);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: both destinations, masked; SMS chosen by default.
  await expect(page.getByRole('heading', { name: stepHeading.channel })).toBeVisible();
  const smsRadio = page.getByRole('radio', { name: /^SMS para/ });
  const email = page.getByRole('radio', { name: /^E-mail para/ });
  await expect(smsRadio).toHaveAccessibleName(new RegExp(`^SMS para \\(31\\) \\*+-${sms.slice(-4)}$`));
  // Her e-mail is cliente<n>@e2e.example.com.
  await expect(email).toHaveAccessibleName(/^E-mail para cl\*+@e\*+\.com$/);
  await expect(smsRadio).toBeChecked();
  await expect(email).not.toBeChecked();
  await expect(page.getByRole('main')).not.toContainText(sms.slice(2, 7));
  await expect(page.getByRole('main')).not.toContainText(maria.email!);

  // Step 3: the code sent by SMS, read from the demo outbox.
  const code = await sendAndReadCode(request, sms, async () => {
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByRole('heading', { name: stepHeading.code })).toBeVisible();
  });
  await expect(page.getByText(new RegExp(`Enviamos um código de 6 dígitos para \\(31\\) \\*+-${sms.slice(-4)}`))).toBeVisible();
  await enterCode(page, code);

  // Step 4: the start page of the first vehicle, with the greeting and the selector.
  await expectPath(page, '/dashboard');
  await expect(page.getByText('Olá, Maria!').filter({ visible: true })).toBeVisible();
  await expect(h1(page)).toHaveText(MARIA_VEHICLES[0]);

  const vehicle = page.getByRole('combobox', { name: 'Veículo' });
  await expect(vehicle.getByRole('option')).toHaveText([...MARIA_VEHICLES]);
  await expect(vehicle).not.toContainText('HJK4C56'); // the Encerrado contract is never listed

  // Switching vehicles changes the start page; choosing one elsewhere goes to the start page.
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await vehicle.selectOption({ label: 'Dispositivo 2' });
  await expect(h1(page)).toHaveText('Dispositivo 2');
  await expect(page.getByRole('region', { name: 'Veículo' })).toContainText('Dispositivo sem placa');
  await menu.getByRole('link', { name: 'Cadastro', exact: true }).click();
  await expect(h1(page)).toHaveText('Meu Cadastro');
  await vehicle.selectOption({ label: MARIA_VEHICLES[2] });
  await expectPath(page, '/dashboard');
  await expect(h1(page)).toHaveText(MARIA_VEHICLES[2]);
  await expect(page.getByRole('region', { name: 'Plano' })).toContainText('Guarita Essencial Anual');

  // Every menu item: the right address and its heading.
  const items: Array<[string, string, string | RegExp]> = [
    ['Cadastro', '/cadastro', 'Meu Cadastro'],
    ['Meu Plano', '/meu-plano', /Meu Plano/i],
    ['Mapa do Veículo', '/mapa', /Minhas Viagens/i],
    ['Pagamentos', '/pagamentos', /Pagamentos/i],
    ['Solicitações', '/suporte', /Solicitações/i],
    ['Sinistros', '/aviso', /Sinistro/i],
    ['Início', '/dashboard', MARIA_VEHICLES[2]],
  ];
  for (const [label, path, heading] of items) {
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expectPath(page, path);
    await expect(h1(page), `heading of ${path}`).toHaveText(heading);
  }

  // Meu Cadastro: personal data and only the billing address.
  await menu.getByRole('link', { name: 'Cadastro', exact: true }).click();
  await expect(h1(page)).toHaveText('Meu Cadastro');
  const personal = page.getByRole('region', { name: 'Dados pessoais' });
  await expect(personal).toContainText('Maria Aparecida Souza');
  await expect(personal).toContainText(maria.email!);
  await expect(personal).toContainText(phoneAsShown(sms));
  await expect(personal).toContainText(maria.document);
  const main = page.getByRole('main');
  await expect(main).toContainText('Rua da Bahia, 1148');
  await expect(main).toContainText('30160-011');
  await expect(main).not.toContainText('Rua Pernambuco'); // the Entrega address is not shown
  const change = main.getByRole('link', { name: 'Alterar Dados Cadastrais' });
  await expect(change).toHaveAttribute('href', '/suporte?area=Alteracao-de-Dados-Cadastrais');
  await change.click();
  await expectPath(page, '/suporte', '?area=Alteracao-de-Dados-Cadastrais');

  // A reload keeps the customer logged in, on the same page, with the same vehicle chosen.
  await menu.getByRole('link', { name: 'Cadastro', exact: true }).click();
  await expectPath(page, '/cadastro');
  await page.reload();
  await expectPath(page, '/cadastro');
  await expect(h1(page)).toHaveText('Meu Cadastro');
  await expect(page.getByText('Olá, Maria!').filter({ visible: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Início', exact: true }).click();
  await expect(h1(page)).toHaveText(MARIA_VEHICLES[2]);

  // 'Sair': back to the login, nothing of the customer left in the browser, the area closed.
  const refreshCookie = (await page.context().cookies()).find((c) => c.name === 'guarita_rt');
  expect(refreshCookie?.httpOnly, 'the refresh token is an HttpOnly cookie').toBe(true);
  await menu.getByRole('button', { name: 'Sair' }).click();
  await expectPath(page, '/');
  await expect(page.getByRole('heading', { name: stepHeading.document })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  // A customer page asks for the login, which would return there (issue 24 item 10).
  await page.goto('/cadastro');
  await expectPath(page, '/', '?voltar=%2Fcadastro');
  await expect(page.getByRole('heading', { name: stepHeading.document })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: stepHeading.document })).toBeVisible();
  await page.goto(`/dashboard/${maria.contracts.onix}`);
  await expectPath(page, '/', `?voltar=%2Fdashboard%2F${maria.contracts.onix}`);
  await page.goBack();
  await expectPath(page, '/', '?voltar=%2Fcadastro');
  await expect(page.getByRole('heading', { name: stepHeading.document })).toBeVisible();

  // The login was revoked on the server: its refresh token no longer opens a session.
  const refused = await request.post('/api/auth/refresh', { headers: { cookie: `guarita_rt=${refreshCookie!.value}` } });
  expect(refused.status()).toBe(401);
});
