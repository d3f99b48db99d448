import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { LoginPage } from '../../auth';
import { clearSession } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { fakeLogin } from '../../../../test/fixtures';
import { apiError, dto, http, route, server } from '../../../../test/msw';
import { CONFIG, CONTRACTS } from '../../../../test/support-fixtures';
import { ContractDto, PublicConfigDto, UnreadCountDto } from '@guarita/domain';
import { CustomerLayout } from './CustomerLayout';
import { VehicleSelector } from './VehicleSelector';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="Endereço">{pathname + search}</output>;
}

/** '/' (the login) and a claim's page behind the customer layout, as the router nests them. */
function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={paths.home} element={<LoginPage />} />
          <Route element={<CustomerLayout />}>
            <Route path={paths.claims.case} element={<h1>Acompanhamento do sinistro</h1>} />
            <Route path={paths.map} element={<VehicleSelector navigateTo={paths.map} />} />
            <Route path={paths.plan} element={<VehicleSelector navigateTo={paths.plan} />} />
            <Route path={paths.dashboard.pattern} element={<h1>Início</h1>} />
          </Route>
          <Route path="*" element={<h1>Outra página</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => clearSession());

/** The header's data (the contracts feed the 'Veículo' selectors). */
function headerNetwork() {
  server.use(
    http.get(route('/api/contracts'), () => dto(ContractDto.array(), CONTRACTS)),
    http.get(route('/api/config'), () => dto(PublicConfigDto, CONFIG)),
    http.get(route('/api/notifications/unread-count'), () => dto(UnreadCountDto, { naoLidas: 0 })),
    http.get(route('/api/me'), () => apiError(404, 'NOT_FOUND', 'Não encontrado.')),
  );
}

describe("the 'Veículo' selector", () => {
  it.each([paths.map, paths.plan])('%s shows one: its own, not the header’s as well', async (page) => {
    fakeLogin();
    headerNetwork();
    renderAt(page);
    expect(await screen.findByRole('combobox', { name: 'Veículo' })).toBeInTheDocument();
    expect(screen.getAllByRole('combobox', { name: 'Veículo' })).toHaveLength(1);
  });

  it('another page has the header’s', async () => {
    fakeLogin();
    headerNetwork();
    renderAt(paths.dashboard.pattern);
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(await screen.findAllByRole('combobox', { name: 'Veículo' })).toHaveLength(1);
  });
});

describe('a customer page opened logged out (a claim e-mail’s link)', () => {
  it('asks for the login with the page to return to, and the login lands there', async () => {
    renderAt('/sinistros/consulta/2026-000042');
    expect(await screen.findByRole('heading', { name: 'Informe seu CPF ou CNPJ' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Endereço' })).toHaveTextContent('/?voltar=%2Fsinistros%2Fconsulta%2F2026-000042');

    // The code checked: the session starts and the login sends the customer on (the header asks for its data).
    headerNetwork();
    act(() => fakeLogin());
    expect(await screen.findByRole('heading', { name: 'Acompanhamento do sinistro' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Endereço' })).toHaveTextContent(/^\/sinistros\/consulta\/2026-000042$/);
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/politica-de-privacidade', '/backoffice'])(
    'never returns to %s: only a customer route of this site',
    async (voltar) => {
      fakeLogin();
      headerNetwork();
      renderAt(`/?voltar=${encodeURIComponent(voltar)}`);
      expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
      expect(screen.getByRole('status', { name: 'Endereço' })).toHaveTextContent(/^\/dashboard$/);
    },
  );
});

describe('the phone menu', () => {
  it('closes with Escape pressed at once, before its focus trap has loaded, and gives focus back to the burger', async () => {
    fakeLogin();
    headerNetwork();
    renderAt(paths.dashboard.pattern);
    const burger = await screen.findByRole('button', { name: 'Abrir menu' });
    // Synchronous: the menu renders open and the key follows in the same task, before the lazy trap can resolve.
    act(() => fireEvent.click(burger));
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    act(() => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }));
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    expect(burger).toHaveFocus();
  });
});
