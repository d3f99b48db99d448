import { expect, test } from '@playwright/test';
import { MARIA } from '../support/demo';
import { loginThroughForm } from '../support/login';

/**
 * The one test of the demo seed (ADR 071): someone trying the app logs in as the README's demo customer with the code
 * the demo outbox shows. Every other test makes its own customer.
 */
test("the demo customer from the README logs in with the outbox's code and sees her vehicles", async ({ page, request }) => {
  await loginThroughForm(page, request, MARIA);
  await expect(page.getByText('Olá, Maria!').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('RTA1B23 ONIX LT 1.0');
});
