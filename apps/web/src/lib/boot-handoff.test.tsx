import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BootHandOff, takePendingClick } from './boot-handoff';

type BootWindow = Window & { __guaritaBoot?: { pending: string | null; tapped?: HTMLButtonElement | null; release(): void } };

afterEach(() => {
  delete (window as BootWindow).__guaritaBoot;
  document.body.replaceChildren();
});

describe('boot hand-off (a prerendered page’s loader → the app)', () => {
  it('answers the link held before hydration once, and stops the loader holding clicks', () => {
    const release = vi.fn();
    (window as BootWindow).__guaritaBoot = { pending: '/duvidas-frequentes', release };
    expect(takePendingClick()).toEqual({ to: '/duvidas-frequentes', tap: null });
    expect(release).toHaveBeenCalledOnce();
    expect(takePendingClick()).toEqual({ to: null, tap: null });
  });

  it('navigates in the app to the held link after the first render, and does nothing without one', () => {
    const navigate = vi.fn();
    render(<BootHandOff navigate={navigate} />);
    expect(navigate).not.toHaveBeenCalled();
    (window as BootWindow).__guaritaBoot = { pending: '/contato', release: vi.fn() };
    render(<BootHandOff navigate={navigate} />);
    expect(navigate).toHaveBeenCalledWith('/contato');
  });

  it('taps the held button again once React owns it, now that the app handles it', async () => {
    const onClick = vi.fn();
    const { getByRole } = render(
      <button type="button" onClick={onClick}>
        Voltar
      </button>,
    );
    (window as BootWindow).__guaritaBoot = { pending: null, tapped: getByRole('button') as HTMLButtonElement, release: vi.fn() };
    const navigate = vi.fn();
    render(<BootHandOff navigate={navigate} />);
    await waitFor(() => expect(onClick).toHaveBeenCalledOnce());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('waits for React to own the held button (its part of the page hydrates later) and skips one gone or disabled', async () => {
    vi.useFakeTimers();
    try {
      const bare = document.createElement('button'); // server HTML React has not taken over yet
      const bareClick = vi.fn();
      bare.addEventListener('click', bareClick);
      document.body.append(bare);
      (window as BootWindow).__guaritaBoot = { pending: null, tapped: bare, release: vi.fn() };
      render(<BootHandOff navigate={vi.fn()} />);
      await vi.advanceTimersByTimeAsync(500);
      expect(bareClick).not.toHaveBeenCalled();
      (bare as unknown as Record<string, unknown>)['__reactProps$test'] = {}; // hydrated
      await vi.advanceTimersByTimeAsync(100);
      expect(bareClick).toHaveBeenCalledOnce();

      const disabled = document.createElement('button');
      disabled.disabled = true;
      (disabled as unknown as Record<string, unknown>)['__reactProps$test'] = {};
      const disabledClick = vi.fn();
      disabled.addEventListener('click', disabledClick);
      document.body.append(disabled);
      (window as BootWindow).__guaritaBoot = { pending: null, tapped: disabled, release: vi.fn() };
      render(<BootHandOff navigate={vi.fn()} />);
      await vi.advanceTimersByTimeAsync(100);
      expect(disabledClick).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
