import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BootHandOff, takePendingNavigation } from './boot-handoff';

type BootWindow = Window & { __guaritaBoot?: { pending: string | null; release(): void } };

afterEach(() => {
  delete (window as BootWindow).__guaritaBoot;
});

describe('boot hand-off (a prerendered page’s loader → the app)', () => {
  it('answers the link held before hydration once, and stops the loader holding clicks', () => {
    const release = vi.fn();
    (window as BootWindow).__guaritaBoot = { pending: '/duvidas-frequentes', release };
    expect(takePendingNavigation()).toBe('/duvidas-frequentes');
    expect(release).toHaveBeenCalledOnce();
    expect(takePendingNavigation()).toBeNull();
  });

  it('navigates in the app to the held link after the first render, and does nothing without one', () => {
    const navigate = vi.fn();
    render(<BootHandOff navigate={navigate} />);
    expect(navigate).not.toHaveBeenCalled();
    (window as BootWindow).__guaritaBoot = { pending: '/contato', release: vi.fn() };
    render(<BootHandOff navigate={navigate} />);
    expect(navigate).toHaveBeenCalledWith('/contato');
  });
});
