import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BottomSheet, SHEET_ANIMATION_MS } from './BottomSheet';

describe('BottomSheet', () => {
  it('is a dialog named by its title that "Entendi" closes after its animation', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onClose = vi.fn();
    render(
      <BottomSheet open title="Antecipação não disponível" onClose={onClose}>
        <p>Há faturas em atraso.</p>
      </BottomSheet>,
    );
    expect(screen.getByRole('dialog', { name: 'Antecipação não disponível' })).toHaveTextContent('Há faturas em atraso.');
    await userEvent.click(screen.getByRole('button', { name: 'Entendi' }));
    act(() => vi.advanceTimersByTime(SHEET_ANIMATION_MS));
    expect(onClose).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
  it('Escape (cancel) closes it too', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(
      <BottomSheet open title="Aviso" onClose={onClose}>
        texto
      </BottomSheet>,
    );
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    act(() => vi.advanceTimersByTime(SHEET_ANIMATION_MS));
    expect(onClose).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});
