import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CardPaymentResultDto, contractIdSchema, PAYMENT_MSG, PaymentsSummaryDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { openCard, sandboxClientConfig } from '../../../../test/card-sandbox';
import { fakeLogin } from '../../../../test/fixtures';
import { clearSession, getTokens } from '../../../lib/session';
import { PayWithCard } from './PayWithCard';

const N_CTR_ID = contractIdSchema.parse(100101);
const BILL = {
  docEntry: 9001,
  docDueDate: '2026-11-10',
  docTotal: 18990,
  valorMulta: 380,
  valorJuros: 127,
  billStatus: { idStatus: 'I' as const, descStatus: 'Inadimplente' },
  paidAt: null,
};
const TOTAL = 18990 + 380 + 127;

const summary = (over: Partial<PaymentsSummaryDto> = {}): PaymentsSummaryDto => ({
  nCtrId: N_CTR_ID,
  cartao: { pmCard: 'visa', cardSummary: '4242', mascarado: '**** **** **** 4242', bandeira: 'Visa' },
  possuiVendedor: true,
  totalEmAberto: TOTAL,
  faturasEmAberto: [BILL],
  pixEmAberto: null,
  ...over,
});

const paid = (last4 = '4242') =>
  dto(CardPaymentResultDto, {
    sucesso: true,
    status: 200,
    mensagem: 'Pagamento solicitado com sucesso!',
    conteudo: {
      pagamentoId: 1,
      valor: TOTAL,
      faturas: [BILL.docEntry],
      pmCard: 'visa',
      cardSummary: last4,
      pagoEm: '2026-11-20T12:00:00Z',
    },
  });

/** The network boundary: the payments summary and the card payment (each payment request is recorded as sent). */
let summaryBody: PaymentsSummaryDto;
let payReply: () => Response | Promise<Response>;
let sent: Array<{ key: string | null; body: Record<string, unknown> }>;
const payCalls = () => sent;

beforeEach(() => {
  summaryBody = summary();
  payReply = () => paid();
  sent = [];
  server.use(
    sandboxClientConfig(),
    http.get(route('/api/payments/contracts/{nCtrId}'), ({ params }) =>
      params.nCtrId === String(N_CTR_ID) ? dto(PaymentsSummaryDto, summaryBody) : apiError(404, 'NOT_FOUND', 'Não encontrado.'),
    ),
    http.post(route('/api/payments/contracts/{nCtrId}/card-payment'), async ({ request }) => {
      sent.push({ key: request.headers.get('idempotency-key'), body: (await request.json()) as Record<string, unknown> });
      return payReply();
    }),
  );
  fakeLogin();
});
afterEach(() => clearSession());

function renderPay() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/pagamentos/fatura-em-aberto']}>
        <Routes>
          <Route
            path="/pagamentos/fatura-em-aberto"
            element={<PayWithCard nCtrId={N_CTR_ID} faturas={[BILL.docEntry]} valorTotal={TOTAL} />}
          />
          <Route path="/pagamentos" element={<p>Histórico de pagamentos</p>} />
          <Route path="/suporte" element={<p>Suporte</p>} />
          <Route path="/" element={<p>Informe seu CPF ou CNPJ</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

const confirm = () => screen.findByRole('button', { name: 'Confirmar pagamento' });
const dialog = () => screen.findByRole('dialog');

describe('PayWithCard', () => {
  it('shows the card on file and pays it with one request and one Idempotency-Key, even on a double click', async () => {
    let release!: () => void;
    payReply = () => new Promise<Response>((resolve) => (release = () => resolve(paid())));
    const user = renderPay();
    expect(await screen.findByText('**** **** **** 4242')).toBeInTheDocument();
    expect(screen.getByText('Visa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trocar cartão' })).toBeInTheDocument();

    const button = await confirm();
    await user.dblClick(button);
    await user.click(button); // and once more while the first is still under way
    expect(button).toBeDisabled();
    await waitFor(() => expect(payCalls()).toHaveLength(1));
    release();

    const d = await dialog();
    expect(within(d).getByRole('heading', { name: PAYMENT_MSG.paymentSuccess })).toBeInTheDocument();
    expect(payCalls()).toHaveLength(1);
    const [call] = payCalls();
    expect(call!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(call!.body).toEqual({ faturas: [BILL.docEntry], valorTotal: TOTAL });

    await user.click(within(d).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Histórico de pagamentos')).toBeInTheDocument();
  });

  it("without the contract's seller code: the spec's alert and no payment request", async () => {
    summaryBody = summary({ possuiVendedor: false });
    const user = renderPay();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro: Código do vendedor não encontrado. Faça login novamente.');
    const button = await confirm();
    expect(button).toBeDisabled();
    await user.click(button);
    expect(payCalls()).toHaveLength(0);
  });

  it("a declined card: 'Algo deu errado no pagamento!' with 'Fechar' and 'Falar com suporte'; trying again is a new attempt", async () => {
    payReply = () => apiError(402, 'CARD_DECLINED', 'Pagamento recusado pela operadora do cartão.');
    const user = renderPay();
    await user.click(await confirm());
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Algo deu errado no pagamento!' })).toBeInTheDocument();
    expect(d).toHaveTextContent(
      'Não conseguimos processar sua solicitação. Tente novamente em instantes ou entre em contato com o suporte, se o problema persistir.',
    );
    expect(d).toHaveTextContent('Pagamento recusado pela operadora do cartão.');
    expect(within(d).getByRole('link', { name: 'Falar com suporte' })).toHaveAttribute('href', '/suporte');
    await user.click(within(d).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    payReply = () => paid();
    await user.click(await confirm());
    expect(await dialog()).toHaveTextContent(PAYMENT_MSG.paymentSuccess);
    const [first, second] = payCalls();
    expect(second!.key).not.toBe(first!.key);
  });

  it("no answer: 'Ops, ocorreu um erro ao processar o pagamento.' and 'Tentar novamente' retries the same attempt (same key)", async () => {
    payReply = () => HttpResponse.error(); // no answer: the network failed
    const user = renderPay();
    await user.click(await confirm());
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Ops, ocorreu um erro ao processar o pagamento.' })).toBeInTheDocument();
    expect(d).toHaveTextContent(/tente novamente/i);

    payReply = () => paid();
    await user.click(within(d).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: PAYMENT_MSG.paymentSuccess })).toBeInTheDocument();
    const [first, second] = payCalls();
    expect(second!.key).toBe(first!.key);
  });

  it("an answer that is not the service's JSON: 'Erro interno: resposta inválida do SAP.'", async () => {
    payReply = () => HttpResponse.html('<html>oops</html>', { status: 200 });
    const user = renderPay();
    await user.click(await confirm());
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Erro interno: resposta inválida do SAP.' })).toBeInTheDocument();
    expect(d).toHaveTextContent('Por favor, tente novamente mais tarde.');
  });

  it("401: 'Sessão expirada. Redirecionando para login...', then storage is cleared and '/' opens", async () => {
    localStorage.setItem('guarita.selectedContract', String(N_CTR_ID));
    payReply = () => apiError(401, 'UNAUTHORIZED', 'Não autorizado.');
    const user = renderPay();
    await user.click(await confirm());
    expect(await screen.findByRole('heading', { name: 'Sessão expirada. Redirecionando para login...' })).toBeInTheDocument();
    expect(await screen.findByText('Informe seu CPF ou CNPJ', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(getTokens()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(payCalls()).toHaveLength(1); // no refresh-and-retry of a payment
  });

  it("'Trocar cartão' pays with a new card once the terms are accepted: 'Pagamento confirmado'", async () => {
    payReply = () => paid('1111');
    const user = renderPay();
    await user.click(await screen.findByRole('button', { name: 'Trocar cartão' }));
    const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    await user.type(screen.getByLabelText('Número do cartão'), '4111111111111111');
    await user.type(screen.getByLabelText('Validade (MM/AA)'), `08${year}`);
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.type(screen.getByLabelText('Nome impresso no cartão'), 'Maria Souza');
    const button = screen.getByRole('button', { name: 'Confirmar pagamento' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: PAYMENT_MSG.termsLabel }));
    await waitFor(() => expect(button).toBeEnabled()); // once the provider's key is in
    await user.click(button);

    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Pagamento confirmado' })).toBeInTheDocument();
    expect(d).toHaveTextContent('final 1111');
    expect(payCalls()).toHaveLength(1);
    const { dadosDoCartao, ...rest } = payCalls()[0]!.body as { dadosDoCartao: Record<string, string> };
    expect(rest).toEqual({ faturas: [BILL.docEntry], valorTotal: TOTAL });
    // Only the encrypted card left the page; the sandbox (the test) reads what was typed.
    expect(JSON.stringify(payCalls())).not.toMatch(/4111111111111111|"123"|numeroCartao|cvv/);
    expect(await openCard(dadosDoCartao)).toEqual({
      number: '4111111111111111',
      month: '08',
      year: `20${year}`,
      cvv: '123',
      holderName: 'Maria Souza',
    });
  });
  it("3-D Secure: the sandbox's challenge opens in a dialog; once confirmed, its result finishes the payment", async () => {
    const token = crypto.randomUUID().replace(/-/g, ''); // the sandbox's challenge reference
    const challengeAnswers: unknown[] = [];
    const actions: unknown[] = [];
    payReply = () =>
      HttpResponse.json(
        {
          sucesso: false,
          status: 202,
          acaoNecessaria: true,
          gatewayId: 'sbx_ch_1',
          acao: {
            provider: 'sandbox',
            data: { type: 'threeDS2', challengeUrl: `/sandbox/3ds/${token}`, amount: TOTAL, brand: 'visa', last4: '3220' },
          },
        },
        { status: 202 },
      );
    server.use(
      http.post(`/sandbox/3ds/${token}`, async ({ request }) => {
        challengeAnswers.push(await request.json());
        return HttpResponse.json({ threeDSResult: token });
      }),
      http.post(route('/api/payments/contracts/{nCtrId}/card-action'), async ({ request }) => {
        actions.push(await request.json());
        return paid('3220');
      }),
    );
    const user = renderPay();
    await user.click(await screen.findByRole('button', { name: 'Trocar cartão' }));
    const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    await user.type(screen.getByLabelText('Número do cartão'), '4000000000003220');
    await user.type(screen.getByLabelText('Validade (MM/AA)'), `08${year}`);
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.type(screen.getByLabelText('Nome impresso no cartão'), 'Maria Souza');
    await user.click(screen.getByRole('checkbox', { name: PAYMENT_MSG.termsLabel }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar pagamento' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));

    const challenge = await screen.findByRole('dialog', { name: PAYMENT_MSG.card3dsTitle });
    expect(challenge).toHaveTextContent('final 3220');
    await user.click(within(challenge).getByRole('button', { name: 'Confirmar' }));
    const d = await screen.findByRole('dialog', { name: 'Pagamento confirmado' });
    expect(d).toHaveTextContent('final 3220');
    expect(challengeAnswers).toEqual([{ resultado: 'Y' }]);
    expect(actions).toEqual([{ gatewayId: 'sbx_ch_1', detalhes: { threeDSResult: token } }]);
    expect(payCalls()).toHaveLength(1);
  });

  it('a declined new card: after closing, only the number and CVV must be typed again', async () => {
    payReply = () => apiError(402, 'CARD_DECLINED', 'Pagamento recusado pela operadora do cartão.');
    const user = renderPay();
    await user.click(await screen.findByRole('button', { name: 'Trocar cartão' }));
    const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    await user.type(screen.getByLabelText('Número do cartão'), '4000000000000002');
    await user.type(screen.getByLabelText('Validade (MM/AA)'), `08${year}`);
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.type(screen.getByLabelText('Nome impresso no cartão'), 'Maria Souza');
    await user.click(screen.getByRole('checkbox', { name: PAYMENT_MSG.termsLabel }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar pagamento' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Algo deu errado no pagamento!' })).toBeInTheDocument();
    await user.click(within(d).getByRole('button', { name: 'Fechar' }));

    expect(screen.getByLabelText('Número do cartão')).toHaveValue('');
    expect(screen.getByLabelText('CVV')).toHaveValue('');
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveValue(`08/${year}`);
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveValue('Maria Souza');
    expect(screen.getByRole('checkbox', { name: PAYMENT_MSG.termsLabel })).toBeChecked();
  });
});
