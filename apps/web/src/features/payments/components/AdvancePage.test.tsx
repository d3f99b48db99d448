import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AdvanceForecastDto, AdvanceResultDto, buildPixPayload, cents, ContractDto, PixConteudoDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { CIVIC_CONTRACT, ELIGIBLE_ADVANCE, fakeLogin, pendingPix } from '../../../../test/fixtures';
import { clearSession } from '../../../lib/session';
import AdvancePage from './AdvancePage';

const CONTRACT: ContractDto = CIVIC_CONTRACT;

const ELIGIBLE = ELIGIBLE_ADVANCE;

const PENDING_DEBIT: AdvanceForecastDto = {
  sucesso: true,
  conteudo: {
    valor: 13990,
    docEntry: 54,
    docDueDate: '2026-11-28',
    elegivel: false,
    motivo: 'PENDING_DEBIT',
    mensagem: 'A antecipação só é possível após o débito da mensalidade deste mês, agendado para 28/11/2026.',
    dataAgendada: '2026-11-28',
  },
};

const PAYLOAD = buildPixPayload({
  key: '11222333000181',
  merchantName: 'GUARITA',
  merchantCity: 'BELO HORIZONTE',
  amount: cents(13990),
  txid: 'ADV100104X1',
});

const ADVANCE_PIX = pendingPix({ txid: 'ADV100104X1', pspReference: 'PSP9', chaveAleatoria: PAYLOAD, valor: 13990, faturas: [55] });

const PIX_RESULT: AdvanceResultDto = {
  sucesso: true,
  metodoPagamento: 'PI',
  mensagem: 'Pix gerado com sucesso!',
  conteudo: {
    valor: 13990,
    faturas: [55],
    link: null,
    chaveAleatoria: PAYLOAD,
    dataExpiracao: ADVANCE_PIX.dataExpiracao,
    pspReference: 'PSP9',
    txid: 'ADV100104X1',
    status: 'pending',
    pix: ADVANCE_PIX,
  },
};

const envelope = apiError;

/** The network boundary: the contracts list, the forecast and the advance request. */
let forecast: () => Response;
let advance: (body: { metodoPagamento: string }) => Response | Promise<Response>;
const advanceCalls: Array<{ body: { metodoPagamento: string }; key: string | null }> = [];

// The page loads its form, the unavailable sheet and the form's checks on demand: their first import (vitest
// transforms them then) took most of a 5 s wait on a loaded machine. Loaded once here, the waits measure the page.
beforeAll(async () => {
  await Promise.all([import('./AdvanceForm'), import('./AdvanceUnavailableSheet'), import('./advance-checks')]);
}, 60_000);

beforeEach(() => {
  forecast = () => dto(AdvanceForecastDto, ELIGIBLE);
  advance = () => dto(AdvanceResultDto, PIX_RESULT);
  advanceCalls.length = 0;
  const notFound = () => envelope(404, 'NOT_FOUND', 'Não encontrado.');
  const mine = (params: { nCtrId?: string | readonly string[] }) => params.nCtrId === '100104';
  server.use(
    http.get(route('/api/contracts'), () => dto(ContractDto.array(), [CONTRACT])),
    http.get(route('/api/payments/contracts/{nCtrId}/advance'), ({ params }) => (mine(params) ? forecast() : notFound())),
    http.post(route('/api/payments/contracts/{nCtrId}/advance'), async ({ request, params }) => {
      if (!mine(params)) return notFound();
      const body = (await request.json()) as { metodoPagamento: string };
      advanceCalls.push({ body, key: request.headers.get('idempotency-key') });
      return advance(body);
    }),
    http.get(route('/api/payments/pix/{txid}'), () => dto(PixConteudoDto, PIX_RESULT.conteudo.pix!)),
  );
  fakeLogin();
});
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/antecipacao', element: <AdvancePage /> },
      { path: '/pagamentos', element: <h1>Pagamentos</h1> },
      { path: '/dashboard', element: <h1>Início</h1> },
      { path: '/pagamentos/fatura-em-aberto', element: <h1>PAGAMENTO DE FATURA</h1> },
    ],
    { initialEntries: ['/antecipacao'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

const method = () => screen.getByRole('combobox', { name: 'Método de pagamento' });

/**
 * The method field once the form's code has arrived and replaced its stand-in (the page loads it after its first
 * paint). The tests of what is done before that hold the code back themselves; the others wait for it here, or a
 * choice made on the stand-in while it is being replaced would race the swap.
 */
async function formWithItsCode() {
  await screen.findByRole('combobox', { name: 'Método de pagamento' });
  for (let i = 0; i < 3; i++) {
    await act(async () => {
      await vi.dynamicImportSettled();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
  }
  return method();
}
const submit = () => screen.getByRole('button', { name: 'Solicitar Antecipação' });

describe('AdvancePage', () => {
  it("a failed contract list shows the error with 'Tentar novamente'; retrying shows the page (issue 8)", async () => {
    let fail = true;
    server.use(
      http.get(route('/api/contracts'), () =>
        fail ? envelope(503, 'UNAVAILABLE', 'Serviço indisponível.') : dto(ContractDto.array(), [CONTRACT]),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Antecipação de fatura' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Valor a antecipar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('shows the value to advance, the vehicle selector and the three methods', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Antecipação de fatura' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Valor a antecipar' })).toBeInTheDocument();
    expect(screen.getByText('R$ 139,90')).toBeInTheDocument();
    expect(screen.getByText('Fatura com vencimento em 20/12/2026')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Veículo' })).toHaveDisplayValue('QWE7D89 CIVIC EXL 2.0');
    expect(
      within(method())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecione', 'Pix', 'Cartão de Crédito', 'Link de pagamento']);
  });

  it('requires a method: nothing is sent without one', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Solicitar Antecipação' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Selecione um método de pagamento para antecipação');
    expect(method()).toHaveAttribute('aria-invalid', 'true');
    expect(advanceCalls).toHaveLength(0);
    await user.selectOptions(method(), 'Pix');
    expect(screen.queryByText('Selecione um método de pagamento para antecipação')).not.toBeInTheDocument();
  });

  it("opens the 'Antecipação não disponível' sheet with this month's debit date when the forecast says so", async () => {
    forecast = () => dto(AdvanceForecastDto, PENDING_DEBIT);
    const { user } = renderPage();
    const sheet = await screen.findByRole('dialog', { name: 'Antecipação não disponível' });
    expect(sheet).toHaveTextContent('A antecipação só é possível após o débito da mensalidade deste mês, agendado para 28/11/2026.');
    await user.click(within(sheet).getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Antecipação não disponível' })).not.toBeInTheDocument());
    // The reason stays on the page, and asking again shows the sheet again without a request.
    expect(screen.getByRole('region', { name: 'Valor a antecipar' })).toHaveTextContent('agendado para 28/11/2026');
    await user.selectOptions(method(), 'Cartão de Crédito');
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Antecipação não disponível' })).toBeInTheDocument();
    expect(advanceCalls).toHaveLength(0);
  });

  it('shows the sheet for overdue invoices when the request answers ADVANCE_UNAVAILABLE', async () => {
    advance = () =>
      envelope(422, 'ADVANCE_UNAVAILABLE', 'A antecipação só é possível após a quitação das faturas em atraso.', {
        motivo: 'OVERDUE_BILLS',
        dataAgendada: null,
      });
    const { user } = renderPage();
    await user.selectOptions(await formWithItsCode(), 'Cartão de Crédito');
    await user.click(submit());
    const sheet = await screen.findByRole('dialog', { name: 'Antecipação não disponível' });
    expect(sheet).toHaveTextContent('A antecipação só é possível após a quitação das faturas em atraso.');
    expect(within(sheet).getByRole('link', { name: 'Pagar faturas em atraso' })).toHaveAttribute('href', '/pagamentos/fatura-em-aberto');
  });

  it('Pix: warns that it cannot be undone, then shows the QR valid for 2 hours, the key and the notice', async () => {
    const { user } = renderPage();
    await user.selectOptions(await formWithItsCode(), 'Pix');
    await user.click(submit());
    const confirm = await screen.findByRole('dialog', { name: 'Antecipar com Pix' });
    expect(confirm).toHaveTextContent('Ao gerar o Pix, esta ação não poderá ser desfeita.');
    expect(advanceCalls).toHaveLength(0);
    const generate = within(confirm).getByRole('button', { name: 'Gerar Pix' });
    await user.dblClick(generate);

    expect(await screen.findByLabelText('Pix copia e cola')).toHaveValue(PAYLOAD);
    expect(advanceCalls).toHaveLength(1); // a double click sends one request
    expect(advanceCalls[0]).toEqual({ body: { metodoPagamento: 'PI' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(screen.getByText('QR code válido por 2 horas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar Pix' })).toBeInTheDocument();
    expect(screen.getByText('Você será notificado assim que o pagamento for confirmado')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /QR code do Pix/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Solicitar Antecipação' })).not.toBeInTheDocument();
  });

  it("card: the server's message with a check, and closing goes to /pagamentos", async () => {
    const mensagem = 'Antecipação realizada com sucesso! A fatura com vencimento em 20/12/2026 foi paga no cartão final 0005.';
    advance = () =>
      dto(AdvanceResultDto, {
        ...PIX_RESULT,
        metodoPagamento: 'CC',
        mensagem,
        conteudo: { ...PIX_RESULT.conteudo, pix: null, txid: null, status: 'paid' },
      });
    const { user, router } = renderPage();
    await user.selectOptions(await formWithItsCode(), 'Cartão de Crédito');
    await user.click(submit());
    const modal = await screen.findByRole('dialog', { name: 'Antecipação realizada' });
    expect(modal).toHaveTextContent(mensagem);
    expect(modal).toHaveTextContent('✓');
    await user.click(within(modal).getByRole('button', { name: 'Fechar' }));
    expect(router.state.location.pathname).toBe('/pagamentos');
  });

  it('payment link: opens it in a new tab without opener and says so', async () => {
    const link = 'http://localhost/sandbox/pay/abcdefghijklmnop';
    advance = () =>
      dto(AdvanceResultDto, {
        ...PIX_RESULT,
        metodoPagamento: 'LP',
        mensagem: 'Link de pagamento gerado. Conclua o pagamento na página que será aberta.',
        conteudo: { ...PIX_RESULT.conteudo, link, pix: null, txid: null, chaveAleatoria: null },
      });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderPage();
    await user.selectOptions(await formWithItsCode(), 'Link de pagamento');
    await user.click(submit());
    const modal = await screen.findByRole('dialog', { name: 'Link de pagamento gerado' });
    expect(open).toHaveBeenCalledWith(link, '_blank', expect.stringContaining('noopener'));
    expect(modal).toHaveTextContent('Conclua o pagamento na página que será aberta.');
    expect(within(modal).getByRole('link', { name: 'Abrir link de pagamento' })).toHaveAttribute(
      'rel',
      expect.stringContaining('noopener'),
    );
  });

  it.each([
    [
      'an advance in processing',
      () => envelope(409, 'ADVANCE_IN_PROGRESS', 'x'),
      'Já existe uma solicitação de antecipação em processamento para o seu contrato!',
    ],
    ['no invoices', () => envelope(422, 'ADVANCE_NO_INVOICES', 'x'), 'Você não possui faturas para antecipação!'],
    ['a connection failure', () => HttpResponse.error(), 'Erro de conexão. Tente novamente mais tarde.'],
    [
      'another server error',
      () => envelope(402, 'CARD_DECLINED', 'Pagamento recusado pela operadora do cartão.'),
      'Pagamento recusado pela operadora do cartão.',
    ],
    [
      'an answer without a message',
      () => HttpResponse.html('<html>bad gateway</html>', { status: 502 }),
      'Ocorreu um erro, tente novamente mais tarde.',
    ],
  ])('reports %s with the spec message', async (_case, reply, text) => {
    advance = reply as typeof advance;
    const { user } = renderPage();
    await user.selectOptions(await formWithItsCode(), 'Cartão de Crédito');
    await user.click(submit());
    const modal = await screen.findByRole('dialog', { name: 'Não foi possível solicitar a antecipação' });
    expect(modal).toHaveTextContent(text);
    expect(within(modal).getByRole('link', { name: 'Falar com suporte' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it('a forecast that cannot be loaded says so', async () => {
    forecast = () => envelope(500, 'INTERNAL', 'Erro inesperado. Tente novamente mais tarde.');
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ocorreu um erro ao verificar as faturas para antecipação. Tente novamente mais tarde.',
    );
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('no invoice to advance: the message instead of the form', async () => {
    forecast = () =>
      dto(AdvanceForecastDto, {
        sucesso: true,
        conteudo: {
          ...ELIGIBLE.conteudo,
          valor: 0,
          docEntry: null,
          docDueDate: null,
          elegivel: false,
          motivo: 'NO_INVOICES',
          mensagem: 'x',
        },
      });
    renderPage();
    expect(await screen.findByText('Você não possui faturas para antecipação!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Solicitar Antecipação' })).not.toBeInTheDocument();
  });
});
