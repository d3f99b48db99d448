import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('is one busy status named by what is loading; its shapes are hidden from screen readers', () => {
    const { container } = render(<Skeleton lines={3} label="Carregando faturas…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Carregando faturas…');
    const shapes = container.querySelectorAll('[data-skeleton]');
    expect(shapes).toHaveLength(3);
    shapes.forEach((s) => expect(s).toHaveAttribute('aria-hidden', 'true'));
  });
});
