import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SUPPORT_MSG } from '@guarita/domain';
import { fakeLogin, renderSupport, supportNetwork } from '../../../../test/support-fixtures';
import { clearSession } from '../../../lib/session';

beforeEach(() => fakeLogin());
afterEach(() => clearSession());

describe('Nova solicitação before a type is chosen', () => {
  it("says 'Selecione uma área' once, as the list's placeholder (not again in a paragraph under it)", async () => {
    supportNetwork();
    renderSupport('/suporte');
    // The page's first render loads its form modules: slow on a busy machine.
    const select = await screen.findByRole('combobox', { name: 'Tipo de solicitação' }, { timeout: 15_000 });
    expect(within(select).getByRole('option', { name: SUPPORT_MSG.selectArea })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Nova solicitação' });
    expect(within(card).getAllByText(SUPPORT_MSG.selectArea)).toHaveLength(1);
  });
});
