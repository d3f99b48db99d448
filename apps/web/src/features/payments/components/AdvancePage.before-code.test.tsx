import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AdvanceForecastDto, ContractDto } from '@guarita/domain';
import { dto, http, route, server } from '../../../../test/msw';
import { CIVIC_CONTRACT, ELIGIBLE_ADVANCE, fakeLogin } from '../../../../test/fixtures';
import { clearSession } from '../../../lib/session';
import AdvancePage from './AdvancePage';

/**
 * The advance form's code (AdvanceForm: react-hook-form, the request) comes after the forecast is shown (ADR 025,
 * seventh pass). Here it is held back until the test lets it through, as on a slow network: what the customer did
 * in the form meanwhile must not be lost.
 */
const formCode = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((r) => (release = r));
  return { arrived, release, asked: false };
});
vi.mock('./AdvanceForm', async (importOriginal) => {
  formCode.asked = true;
  await formCode.arrived;
  return importOriginal();
});

beforeEach(() => {
  server.use(
    http.get(route('/api/contracts'), () => dto(ContractDto.array(), [CIVIC_CONTRACT])),
    http.get(route('/api/payments/contracts/{nCtrId}/advance'), () => dto(AdvanceForecastDto, ELIGIBLE_ADVANCE)),
  );
  fakeLogin();
});
afterEach(() => clearSession());

it('a method chosen and a tap on Solicitar Antecipação before the form’s code arrives are kept: the Pix confirmation opens', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/antecipacao', element: <AdvancePage /> }], { initialEntries: ['/antecipacao'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const before = await screen.findByRole('combobox', { name: 'Método de pagamento' });
  // Asked for once the forecast is painted, not with the page.
  await waitFor(() => expect(formCode.asked).toBe(true));

  await user.selectOptions(before, 'Pix');
  expect(screen.getByRole('combobox', { name: 'Método de pagamento' })).toHaveDisplayValue('Pix');
  await user.click(screen.getByRole('button', { name: 'Solicitar Antecipação' }));
  expect(screen.queryByRole('dialog', { name: 'Antecipar com Pix' })).not.toBeInTheDocument();

  formCode.release();
  expect(await screen.findByRole('dialog', { name: 'Antecipar com Pix' })).toHaveTextContent('R$ 139,90');
  // The code's own form, with the method chosen before and the focus where it was.
  const method = screen.getByRole('combobox', { name: 'Método de pagamento' });
  expect(method).not.toBe(before);
  expect(method).toHaveDisplayValue('Pix');
  expect(screen.getByRole('button', { name: 'Solicitar Antecipação' })).toHaveFocus();
});
