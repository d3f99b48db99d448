import { afterEach, beforeEach, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ContractId } from '@guarita/domain';
import { ELIGIBLE_ADVANCE, fakeLogin } from '../../../../test/fixtures';
import { clearSession } from '../../../lib/session';
import type { AdvanceDraft } from './advance-draft';
import { AdvanceForm } from './AdvanceForm';

beforeEach(() => fakeLogin());
afterEach(() => clearSession());

it('a method chosen on the form shown before this one, after this one had rendered but before it took the page, is kept', async () => {
  const draft = { current: { method: '', focus: null, submitted: false } as AdvanceDraft };
  // Rendered after AdvanceForm in the same pass: the customer's choice on the stand-in lands between this form's
  // render (which read the draft) and the moment it replaces the stand-in.
  function ChoiceOnTheStandIn() {
    draft.current.method = 'PI';
    return null;
  }
  const page = (
    <>
      <AdvanceForm
        nCtrId={100104 as ContractId}
        forecast={ELIGIBLE_ADVANCE.conteudo}
        draft={draft}
        notice={null}
        onUnavailable={() => {}}
        onPix={() => {}}
        refetchForecast={() => {}}
      />
      <ChoiceOnTheStandIn />
    </>
  );
  const router = createMemoryRouter([{ path: '/antecipacao', element: page }], { initialEntries: ['/antecipacao'] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  expect(await screen.findByRole('combobox', { name: 'Método de pagamento' })).toHaveDisplayValue('Pix');
  // A chosen method asks for the form's checks (advance-checks.ts): their arrival lands before the test ends.
  await act(async () => {
    await import('./advance-checks');
    await new Promise((r) => setTimeout(r, 0));
  });
});
