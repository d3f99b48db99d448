import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildPixPayload, cents, ContractDto, PaymentsSummaryDto, PixConteudoDto, PixResultDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { fakeLogin, pendingPix } from '../../../../test/fixtures';
import { clearSession } from '../../../lib/session';
import PayOpenInvoicePage from './PayOpenInvoicePage';

const CONTRACT: ContractDto = {
  nCtrId: 300301,
  bpName: 'Transportes Horizonte Ltda',
  idPlan: 'GUARITA_COBRE_FROTA',
  planName: 'Guarita Cobre Frota',
  slpCode: 27,
  status: 'Ativo',
  cancelled: false,
  dueDay: 5,
  dataInicioVigencia: '2024-06-05',
  dataFimVigencia: null,
  possuiDispositivo: true,
  fipeLimit: 15_000_000,
  monthlyFee: 25990,
  cardSummary: '4444',
  pmCard: 'mc',
  idIndc: null,
  vehicle: { numberPlate: 'FRT5G67', vModel: 'Fiorino Endurance 1.4', manufacturer: 'Fiat', year: 2023 },
};

const BILL = {
  docEntry: 31,
  docDueDate: '2026-11-05',
  docTotal: 25990,
  valorMulta: 520,
  valorJuros: 173,
  billStatus: { idStatus: 'I' as const, descStatus: 'Inadimplente' },
  paidAt: null,
};

const PAYLOAD = buildPixPayload({
  key: '11222333000181',
  merchantName: 'GUARITA',
  merchantCity: 'BELO HORIZONTE',
  amount: cents(26683),
  txid: 'GUA300301T1',
});
const PIX = pendingPix({ txid: 'GUA300301T1', chaveAleatoria: PAYLOAD, valor: 26683, faturas: [31] });

const SUMMARY: PaymentsSummaryDto = {
  nCtrId: 300301,
  cartao: { pmCard: 'mc', cardSummary: '4444', mascarado: '**** **** **** 4444', bandeira: 'Mastercard' },
  possuiVendedor: true,
  totalEmAberto: 26683,
  faturasEmAberto: [BILL],
  pixEmAberto: null,
};

/** The network boundary: contracts, the payments summary, Pix creation and its status. */
let summary: PaymentsSummaryDto;
let createPix: () => Response | Promise<Response>;
const pixPosts: Array<{ body: unknown; key: string | null }> = [];

beforeEach(() => {
  summary = SUMMARY;
  createPix = () => dto(PixResultDto, { sucesso: true, mensagem: 'Pix gerado com sucesso!', conteudo: PIX });
  pixPosts.length = 0;
  const notFound = () => apiError(404, 'NOT_FOUND', 'Não encontrado.');
  server.use(
    http.get(route('/api/contracts'), () => dto(ContractDto.array(), [CONTRACT])),
    http.get(route('/api/payments/contracts/{nCtrId}'), ({ params }) =>
      params.nCtrId === '300301' ? dto(PaymentsSummaryDto, summary) : notFound(),
    ),
    http.post(route('/api/payments/contracts/{nCtrId}/pix'), async ({ request, params }) => {
      if (params.nCtrId !== '300301') return notFound();
      pixPosts.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      return createPix();
    }),
    http.get(route('/api/payments/pix/{txid}'), ({ params }) => (params.txid === PIX.txid ? dto(PixConteudoDto, PIX) : notFound())),
  );
  fakeLogin('11222333000181');
});
afterEach(() => clearSession());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/pagamentos/fatura-em-aberto', element: <PayOpenInvoicePage /> },
      { path: '/pagamentos', element: <h1>Pagamentos</h1> },
    ],
    { initialEntries: ['/pagamentos/fatura-em-aberto'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

const chooser = () => screen.queryByRole('radiogroup', { name: 'Forma de pagamento' });

describe('PayOpenInvoicePage', () => {
  it('shows the title, the open total and the choice of card or Pix', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento de fatura' })).toBeInTheDocument();
    expect(await screen.findByText('Total em aberto:')).toHaveTextContent('Total em aberto: R$ 266,83');
    expect(within(chooser()!).getByRole('radio', { name: 'Cartão de Crédito' })).not.toBeChecked();
    expect(within(chooser()!).getByRole('radio', { name: 'Pix' })).not.toBeChecked();
  });

  it('Pix: one charge for the open bills, even for a double click; then the Pix replaces the chooser', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Pix' }));
    await user.dblClick(screen.getByRole('button', { name: 'Gerar Pix' }));
    expect(await screen.findByLabelText('Pix copia e cola')).toHaveValue(PAYLOAD);
    expect(pixPosts).toEqual([{ body: { faturas: [31], valorTotal: 26683 }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(chooser()).not.toBeInTheDocument();
    expect(screen.getByText('QR code válido por 02 horas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar Pix' })).toBeInTheDocument();
  });

  it('an open Pix is shown at once, without creating another', async () => {
    summary = { ...SUMMARY, pixEmAberto: PIX };
    renderPage();
    expect(await screen.findByLabelText('Pix copia e cola')).toHaveValue(PAYLOAD);
    expect(chooser()).not.toBeInTheDocument();
    expect(pixPosts).toHaveLength(0);
  });

  it("a bill in an open negotiation: the spec's message, and 'Continuar' goes to /pagamentos", async () => {
    createPix = () => apiError(409, 'PIX_NEGOTIATION_OPEN', 'A fatura faz parte de uma negociação em aberto!');
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Pix' }));
    await user.click(screen.getByRole('button', { name: 'Gerar Pix' }));
    const modal = await screen.findByRole('dialog', { name: 'A fatura faz parte de uma negociação em aberto!' });
    await user.click(within(modal).getByRole('button', { name: 'Continuar' }));
    expect(router.state.location.pathname).toBe('/pagamentos');
  });

  it('a connection failure offers a retry with the same Idempotency-Key', async () => {
    let calls = 0;
    createPix = () => (++calls === 1 ? HttpResponse.error() : dto(PixResultDto, { sucesso: true, mensagem: 'ok', conteudo: PIX }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Pix' }));
    await user.click(screen.getByRole('button', { name: 'Gerar Pix' }));
    const modal = await screen.findByRole('dialog', { name: 'Não foi possível gerar o Pix' });
    expect(modal).toHaveTextContent('Erro de conexão. Tente novamente mais tarde.');
    expect(within(modal).getByRole('link', { name: 'Falar com suporte' })).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('Pix copia e cola')).toHaveValue(PAYLOAD);
    expect(pixPosts).toHaveLength(2);
    expect(pixPosts[1]!.key).toBe(pixPosts[0]!.key);
  });

  it('card: shows the card payment for the same bills', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Cartão de Crédito' }));
    expect(await screen.findByRole('button', { name: 'Confirmar pagamento' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gerar Pix' })).not.toBeInTheDocument();
  });

  it('nothing open: says so and leads back to the payments', async () => {
    summary = { ...SUMMARY, totalEmAberto: 0, faturasEmAberto: [] };
    renderPage();
    expect(await screen.findByText('Você não possui faturas em aberto.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para pagamentos' })).toHaveAttribute('href', '/pagamentos');
    expect(chooser()).not.toBeInTheDocument();
  });
});
