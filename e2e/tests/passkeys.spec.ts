import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { quietSpec } from '../support/customers';
import { newCustomer } from '../support/factory';
import { enterCode, enterDocument, expectPath, sendCode } from '../support/login';

/**
 * Passkeys (issue 31 §1) in Chromium with the DevTools protocol's virtual authenticator (a platform authenticator that
 * verifies the user): after a code login the page offers 'Entrar com biometria neste aparelho'; the next login offers
 * the passkey first; Cadastro lists it and removes it, which ends the login it opened at once. WebAuthn refuses an IP
 * address as relying party, so the spec opens the app on localhost (the server's relying party in demo mode is the
 * host a request arrives on).
 */

test.describe.configure({ timeout: 120_000 });

const PORT = Number(process.env.E2E_PORT ?? 3111);
const origin = `http://localhost:${PORT}`;

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

for (const width of [360, 1280]) {
  test(`a passkey after a code login, the passkey first next time, removed in Cadastro (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    const customer = await newCustomer(request, quietSpec('Paula Regina Souto'));
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    // A code login, then the offer.
    await page.goto(`${origin}/`);
    await enterDocument(page, customer.document);
    await enterCode(page, await sendCode(page, request, customer));
    await expect(page.getByRole('heading', { name: 'Entrar com biometria neste aparelho' })).toBeFocused();
    await page.getByRole('button', { name: 'Ativar biometria' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Biometria ativada neste aparelho.' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expectPath(page, '/dashboard');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toEqual([expect.objectContaining({ rpId: 'localhost', isResidentCredential: true })]);

    // The bell has the security notice.
    await page.goto(`${origin}/notificacoes`);
    await expect(page.getByRole('main').getByText('Biometria ativada para entrar')).toBeVisible();

    // Logged out, the passkey logs in from the CPF field's autofill (conditional UI): the virtual authenticator answers
    // it at once, as a person picking the passkey there.
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }));
    await page.context().clearCookies();
    await page.goto(`${origin}/`);
    await expectPath(page, '/dashboard');

    // Cadastro lists it; removing it ends this very login (it was opened with the passkey).
    await page.goto(`${origin}/cadastro`);
    const section = page.getByRole('region', { name: 'Entrar com biometria' });
    await expect(section.getByText('Chrome no Linux')).toBeVisible();
    await expect(section.getByText(/último uso em/)).toBeVisible();
    const box = await section.boundingBox();
    expect(box!.width, 'the section fits the screen').toBeLessThanOrEqual(width);
    await section.getByRole('button', { name: 'Remover Chrome no Linux' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover acesso por biometria?' });
    await dialog.getByRole('button', { name: 'Remover', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The login page offers the passkey first, the code below it; the passkey logs in no more: the page says so and
    // keeps the code. (Before the removal the virtual authenticator answers the autofill before the button is reached.)
    await expect(page.getByLabel('CPF ou CNPJ')).toBeVisible();
    await page.getByRole('button', { name: 'Entrar com biometria' }).click();
    await expect(page.getByRole('alert')).toHaveText('Esta biometria não está mais cadastrada. Entre com o código e ative-a de novo.');
    await expect(page.getByRole('button', { name: 'Entrar com biometria' })).toBeHidden();
  });
}
