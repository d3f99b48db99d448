import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RouteErrorBoundary } from './RenderErrorPage';

function Broken(): never {
  throw new Error('boom');
}

function Shell() {
  const { pathname } = useLocation();
  return (
    <>
      <Link to="/ok">Outra página</Link>
      <RouteErrorBoundary resetKey={pathname}>
        <Routes>
          <Route path="/" element={<Broken />} />
          <Route path="/ok" element={<h1>Página boa</h1>} />
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}

describe('render error fallback (spec 002 §2.9)', () => {
  it('shows the spec texts instead of a blank page, only logs the error, and gives way on the next navigation', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/']}>
        <Shell />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByText('Tente voltar e refazer a última ação.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    expect(await screen.findByRole('heading', { name: 'Página boa' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Algo deu errado' })).not.toBeInTheDocument();
    log.mockRestore();
  });
});
