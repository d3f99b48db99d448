import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import RenderErrorPage from './RenderErrorPage';

function Broken(): never {
  throw new Error('boom');
}

describe('render error fallback (spec 002 §2.9)', () => {
  it('shows the spec texts instead of a blank page, and only logs the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', errorElement: <RenderErrorPage />, Component: Broken }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByText('Tente voltar e refazer a última ação.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    log.mockRestore();
  });
});
