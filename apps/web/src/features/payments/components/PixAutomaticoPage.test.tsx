import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ContractDto, PIX_AUTOMATICO_MSG, PixAutomaticoResultDto, PixAutomaticoStateDto, type PixAutomaticoDto } from '@guarita/domain';
import { apiError, dto, http, route, server } from '../../../../test/msw';
import { fakeLogin } from '../../../../test/fixtures';
import { clearSession } from '../../../lib/session';
import PixAutomaticoPage from './PixAutomaticoPage';

const CONTRACT: ContractDto = {
  nCtrId: 100101,
  bpName: 'Maria da Silva',
  idPlan: 'GUARITA_COMPLETO',
  planName: 'Guarita Completo',
  slpCode: 45,
  status: 'Ativo',
  cancelled: false,
  dueDay: 10,
  dataInicioVigencia: '2024-01-10',
  dataFimVigencia: null,
  possuiDispositivo: true,
  fipeLimit: 9_000_000,
  monthlyFee: 19497,
  cardSummary: '4242',
  pmCard: 'visa',
  idIndc: null,
  vehicle: { numberPlate: 'RTA1B23', vModel: 'Onix', manufacturer: 'Chevrolet', year: 2022 },
};

const PENDING: PixAutomaticoDto = {
  idRec: 'RN00000000202611270123456789a',
  status: 'CRIADA',
  statusTexto: 'Pendente de autorização',
  valor: 19497,
  periodicidade: 'MENSAL',
  dataInicial: '2026-12-10',
  criadoEm: '2026-11-27T15:00:00.000Z',
  aprovadoEm: null,
  encerradoEm: null,
  pixCopiaECola: '00020101021280580014br.gov.bcb.pix2536guarita-sandbox.invalid/rec/RN0000000052040000530398658',
  linkAprovacao: '/sandbox/pix-automatico/abcdefghijklmnopqrstuvwxyz',
  cobrancas: [],
};
const ACTIVE: PixAutomaticoDto = {
  ...PENDING,
  status: 'APROVADA',
  statusTexto: 'Ativo',
  aprovadoEm: '2026-11-27T15:01:00.000Z',
  pixCopiaECola: null,
  linkAprovacao: null,
  cobrancas: [
    {
      txid: 'GUAR0123456789abcdef0123456789ab',
      fatura: 77,
      valor: 19497,
      dataDeVencimento: '2026-12-02',
      status: 'paid',
      statusTexto: 'Paga',
      pagoEm: '2026-11-27T15:02:00.000Z',
    },
  ],
};

let current: PixAutomaticoDto | null;
let posts: unknown[];
let deletes: number;
let failGet: boolean;

beforeEach(() => {
  current = null;
  posts = [];
  deletes = 0;
  failGet = false;
  const notFound = () => apiError(404, 'NOT_FOUND', 'Contrato não encontrado.');
  const url = route('/api/payments/contracts/{nCtrId}/pix-automatico');
  server.use(
    http.get(route('/api/contracts'), () => dto(ContractDto.array(), [CONTRACT])),
    http.get(url, ({ params }) => {
      if (params.nCtrId !== '100101') return notFound();
      if (failGet) return apiError(503, 'PIX_AUTOMATICO_UNAVAILABLE', PIX_AUTOMATICO_MSG.unavailable);
      return dto(PixAutomaticoStateDto, { recorrencia: current });
    }),
    http.post(url, async ({ request }) => {
      posts.push(await request.json());
      current = PENDING;
      return dto(PixAutomaticoResultDto, { sucesso: true, mensagem: PIX_AUTOMATICO_MSG.authorised, conteudo: PENDING });
    }),
    http.delete(url, () => {
      deletes++;
      current = { ...(current ?? ACTIVE), status: 'CANCELADA', statusTexto: 'Cancelado', cobrancas: current?.cobrancas ?? [] };
      return dto(PixAutomaticoResultDto, { sucesso: true, mensagem: PIX_AUTOMATICO_MSG.cancelled, conteudo: current });
    }),
  );
  fakeLogin('52998224725');
});
afterEach(() => clearSession());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/pagamentos/pix-automatico', element: <PixAutomaticoPage /> },
      { path: '/pagamentos', element: <h1>Pagamentos</h1> },
    ],
    { initialEntries: ['/pagamentos/pix-automatico'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

describe('PixAutomaticoPage', () => {
  it('never authorised: explains it, asks for the consent, then shows the QR, the copy-and-paste and the demo link', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pix Automático' })).toBeInTheDocument();
    const submit = await screen.findByRole('button', { name: 'Autorizar Pix Automático' });
    expect(
      screen.getByText((_, el) => el?.tagName === 'P' && /a mensalidade de R\$\s194,97 do contrato 100101/.test(el.textContent ?? '')),
    ).toBeInTheDocument();

    await user.click(submit);
    expect(await screen.findByText(PIX_AUTOMATICO_MSG.consentRequired)).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /Autorizo o débito automático mensal de R\$\s194,97/ }));
    await user.click(submit);
    expect(await screen.findByText('Pendente de autorização')).toBeInTheDocument();
    expect(posts).toEqual([{ aceite: true }]);
    expect(screen.getByLabelText('Pix copia e cola da autorização')).toHaveValue(PENDING.pixCopiaECola);
    expect(screen.getByRole('link', { name: 'aprovar no banco de demonstração' })).toHaveAttribute('href', PENDING.linkAprovacao);
    expect(screen.getByText('Aguardando a aprovação no seu banco…')).toBeInTheDocument();
  });

  it('active: the status, the bills debited with their state, and cancel after a confirmation', async () => {
    current = ACTIVE;
    const { user } = renderPage();
    expect(await screen.findByText('Ativo')).toBeInTheDocument();
    const item = screen.getByText(/Fatura com vencimento em 02\/12\/2026/).closest('li')!;
    expect(within(item).getByText('Paga')).toBeInTheDocument();
    expect(item).toHaveTextContent(/R\$\s194,97/);

    await user.click(screen.getByRole('button', { name: 'Cancelar Pix Automático' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o Pix Automático?' });
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(deletes).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar Pix Automático' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim, cancelar' }));
    expect(await screen.findByText('Cancelado')).toBeInTheDocument();
    expect(deletes).toBe(1);
    // Ended: the customer may authorise again.
    expect(screen.getByRole('button', { name: 'Autorizar Pix Automático' })).toBeInTheDocument();
  });

  it('a failed read says so and offers to try again', async () => {
    failGet = true;
    renderPage();
    expect(await screen.findByRole('button', { name: /Tentar novamente/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Autorizar Pix Automático' })).not.toBeInTheDocument();
  });
});
