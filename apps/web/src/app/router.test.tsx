import { act, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RouteErrorBoundary } from '../features/common/components/RenderErrorPage';
import { MSG, PublicConfigDto } from '@guarita/domain';
import { dto, http, route, server } from '../../test/msw';
import { CONFIG } from '../../test/support-fixtures';
import { lazyPage, preloadRoute } from './router';

function Shell({ page }: { page: React.ReactNode }) {
  const { key } = useLocation();
  return (
    <>
      <Link to="/">Início</Link> <Link to="/pagina">Página</Link>
      <RouteErrorBoundary resetKey={key}>
        <Suspense fallback={<p>Carregando…</p>}>
          <Routes>
            <Route path="/" element={<h1>Início</h1>} />
            <Route path="/pagina" element={page} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

describe('lazy route pages', () => {
  it('a page whose code failed to download says so (not in a loop), and the next navigation asks for it again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: React.ComponentType }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/Pagina.js'))
      .mockResolvedValue({ default: () => <h1>Página carregada</h1> });
    const { Page } = lazyPage(load);
    // React's use() settles only inside act() in this test environment.
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/pagina']}>
          <Shell page={<Page />} />
        </MemoryRouter>,
      );
    });
    expect(screen.getByRole('heading', { name: MSG.pageLoadFailedTitle })).toBeInTheDocument();
    expect(screen.getByText(MSG.pageLoadFailedText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument(); // reloads the address (e2e)
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('link', { name: 'Início' }));
    await act(() => userEvent.click(screen.getByRole('link', { name: 'Página' })));
    expect(screen.getByRole('heading', { name: 'Página carregada' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it("another render error is the spec's 'Algo deu errado', and the next navigation leaves it", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { Page } = lazyPage(async () => ({
      default: () => {
        throw new Error('boom');
      },
    }));
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/pagina']}>
          <Shell page={<Page />} />
        </MemoryRouter>,
      );
    });
    expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    await act(() => userEvent.click(screen.getByRole('link', { name: 'Início' })));
    expect(screen.getByRole('heading', { name: 'Início' })).toBeInTheDocument();
    log.mockRestore();
  });

  it('preloadRoute loads the layout and the page of a location, so its first render does not wait', async () => {
    server.use(http.get(route('/api/config'), () => dto(PublicConfigDto, CONFIG))); // the page's emergency lines
    await preloadRoute('/termos-de-uso');
    const { routes } = await import('./router');
    const { matchRoutes } = await import('react-router');
    const matches = matchRoutes(routes, '/termos-de-uso')!;
    render(<MemoryRouter>{matches.at(-1)!.route.element}</MemoryRouter>);
    // Loaded before: rendered at once, no suspense fallback in between.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});

describe('the customer routes', () => {
  it('are the ones a login may return to (lib/paths customerPatterns), and no public page is', async () => {
    const { routes } = await import('./router');
    const { customerPatterns, isCustomerRoute } = await import('../lib/paths');
    const layout = routes.find((r) => r.children?.some((c) => c.path === '/dashboard'));
    expect(layout?.children?.map((c) => c.path).sort()).toEqual([...customerPatterns].sort());
    expect(isCustomerRoute('/sinistros/consulta/2026-000042')).toBe(true);
    expect(isCustomerRoute('/Mapa')).toBe(false);
    expect(isCustomerRoute('/contato')).toBe(false);
  });
});
