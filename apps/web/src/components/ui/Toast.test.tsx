import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_MS, ToastProvider, useToast } from './Toast';

function Page() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.show('Cartão alterado com sucesso', 'success')}>Salvar</button>
      <button onClick={() => toast.show('Não foi possível salvar', 'error')}>Falhar</button>
    </>
  );
}

describe('Toast', () => {
  it('announces results politely and errors assertively, then goes away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('status')).toHaveTextContent('Cartão alterado com sucesso');
    await userEvent.click(screen.getByRole('button', { name: 'Falhar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível salvar');

    await userEvent.click(screen.getAllByRole('button', { name: 'Fechar aviso' })[1]!);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    vi.useRealTimers();
  });
});
