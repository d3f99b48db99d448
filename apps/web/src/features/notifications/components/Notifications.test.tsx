import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { NOTIFICATION_MSG, NotificationPageDto, NotificationPreferences, UnreadCountDto, type NotificationDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { paths } from '../../../lib/paths';
import { clearSession, storeTokens } from '../../../lib/session';
import { NotificationBell } from './NotificationBell';
import NotificationsPage from './NotificationsPage';

const PREFS: NotificationPreferences = { email: { pagamentos: true, solicitacoes: true, rastreador: true } };
const ITEMS: NotificationDto[] = [
  {
    id: 12,
    tipo: 'foto_reprovada',
    titulo: 'Foto reprovada no sinistro 2026-000042',
    texto: 'A foto "Frente do veículo" foi reprovada. Motivo: Foto escura.',
    lida: false,
    CreatedDate: '2026-11-20T13:00:00.000Z',
    destino: 'sinistro',
    nCtrId: 100101,
    caseNumber: '2026-000042',
  },
  {
    id: 11,
    tipo: 'pagamento_confirmado',
    titulo: 'Pagamento confirmado',
    texto: 'Recebemos seu pagamento de R$ 194,97 por Pix (contrato 100101).',
    lida: true,
    CreatedDate: '2026-11-19T13:00:00.000Z',
    destino: 'pagamentos',
    nCtrId: 100101,
    caseNumber: null,
  },
];

function renderAt(at: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[at]}>
        <NotificationBell />
        <Routes>
          <Route path={paths.notifications} element={<NotificationsPage />} />
          <Route path={paths.claims.case} element={<h1>Sinistro aberto</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function serve(opts: { items?: NotificationDto[]; unread?: number } = {}) {
  const state = { unread: opts.unread ?? 1, read: [] as number[], saved: null as unknown };
  server.use(
    http.get(route('/api/notifications/unread-count'), () => dto(UnreadCountDto, { naoLidas: state.unread })),
    http.get(route('/api/notifications'), () => dto(NotificationPageDto, { itens: opts.items ?? ITEMS, proximo: null })),
    http.post(route('/api/notifications/{id}/read'), ({ params }) => {
      state.read.push(Number(params.id));
      state.unread = 0;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(route('/api/notifications/preferences'), () => dto(NotificationPreferences, PREFS)),
    http.put(route('/api/notifications/preferences'), async ({ request }) => {
      state.saved = await request.json();
      return dto(NotificationPreferences, state.saved as NotificationPreferences);
    }),
  );
  return state;
}

beforeEach(() => {
  const payload = btoa(JSON.stringify({ username: '52998224725', exp: Math.floor(Date.now() / 1000) + 3600 }));
  storeTokens({ IdToken: `h.${payload}.s`, AccessToken: 'access-token', expiresIn: 3600 });
});
afterEach(() => clearSession());

describe('notifications', () => {
  it('the bell names the unread count; the list links each item to its page and marks it read', async () => {
    const state = serve();
    const user = userEvent.setup();
    renderAt(paths.notifications);
    expect(await screen.findByRole('link', { name: 'Notificações, 1 não lida' })).toHaveAttribute('href', paths.notifications);
    const list = within(await screen.findByRole('region', { name: 'Lista de notificações' }));
    const [rejected, paid] = list.getAllByRole('link');
    expect(rejected).toHaveAccessibleName(/^Não lida: Foto reprovada no sinistro 2026-000042\. A foto "Frente do veículo" foi reprovada/);
    expect(paid).toHaveAttribute('href', '/pagamentos/100101');
    await user.click(rejected!);
    expect(await screen.findByRole('heading', { name: 'Sinistro aberto' })).toBeInTheDocument();
    expect(state.read).toEqual([12]);
    expect(await screen.findByRole('link', { name: 'Notificações, 0 não lidas' })).toBeInTheDocument();
  });

  it('says when there is nothing', async () => {
    serve({ items: [] });
    renderAt(paths.notifications);
    expect(await screen.findByText(NOTIFICATION_MSG.empty)).toBeInTheDocument();
  });

  it('a failed list shows the error with Tentar novamente', async () => {
    serve();
    let fail = true;
    server.use(
      http.get(route('/api/notifications'), () =>
        fail ? apiError(503, 'UNAVAILABLE', 'Serviço indisponível.') : dto(NotificationPageDto, { itens: ITEMS, proximo: null }),
      ),
    );
    const user = userEvent.setup();
    renderAt(paths.notifications);
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(/Foto escura/)).toBeInTheDocument();
  });

  it('saves the e-mail choices', async () => {
    const state = serve();
    const user = userEvent.setup();
    renderAt(paths.notifications);
    const payments = await screen.findByRole('checkbox', { name: /Pagamentos/ });
    await screen.findByRole('checkbox', { name: /Rastreador sem sinal/ });
    expect(payments).toBeChecked();
    await user.click(payments);
    await user.click(screen.getByRole('button', { name: 'Salvar preferências' }));
    expect(await screen.findByText(NOTIFICATION_MSG.saved)).toBeInTheDocument();
    expect(state.saved).toEqual({ email: { pagamentos: false, solicitacoes: true, rastreador: true } });
  });
});
