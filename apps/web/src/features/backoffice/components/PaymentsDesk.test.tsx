import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdvancePageDto,
  DESK_PAYMENT_MSG,
  DeskPaymentDetailDto,
  DeskPaymentPageDto,
  formatMoney,
  LatePixPageDto,
  PaymentLinkPageDto,
  RefundResultDto,
  StaffMeDto,
  type DeskPaymentDetailDto as Detail,
  type DeskPaymentDto,
} from '@guarita/domain';
import { apiError, dto, http, HttpResponse, recordRequests, route, server } from '../../../../test/msw';
import { renderConsole } from './render-console';

/** The financeiro desk's payments (issue 27 item 7): provider reference, provider history, refund state, 'Estornar'. */

/** What the page shows of a text, as Testing Library reads it (a non-breaking space becomes a space). */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

const me = (papel: StaffMeDto['papel']): StaffMeDto => ({
  id: 1,
  email: `${papel}@guarita.example`,
  nome: 'Ana',
  papel,
  inatividadeSegundos: 1800,
});

const PIX: DeskPaymentDto = {
  metodo: 'pix',
  id: '7',
  nCtrId: 100101,
  documento: '529.***.***-25',
  faturas: [12],
  valor: 10_000,
  estornado: 0,
  emAndamento: 0,
  estornavel: 10_000,
  estorno: 'nenhum',
  provedor: 'static-brcode',
  referencia: 'E18236120202611271500s0123456789',
  estornoPor: 'provedor',
  txid: 'abc123txid',
  cartao: null,
  pagoEm: '2026-11-16T13:00:00.000Z',
  alerta: null,
};

const detail = (p: Partial<Detail> = {}): Detail => ({
  ...PIX,
  eventos: [
    {
      id: 1,
      provedor: 'static-brcode',
      tipo: 'pix',
      idEvento: 'pix:E18236120202611271500s0123456789',
      referencia: 'abc123txid',
      sucesso: true,
      valor: 10_000,
      recebidoEm: '2026-11-16T13:00:00.000Z',
      dados: { txid: 'abc123txid', valor: '100.00' },
    },
  ],
  estornos: [],
  ...p,
});

function desk(role: StaffMeDto['papel'], current: () => Detail, itens: DeskPaymentDto[] = [PIX]) {
  server.use(
    http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, me(role))),
    http.get(route('/api/backoffice/financeiro/pagamentos'), () => dto(DeskPaymentPageDto, { itens, proximo: null })),
    http.get(route('/api/backoffice/financeiro/pagamentos/{metodo}/{id}'), () => dto(DeskPaymentDetailDto, current())),
    http.get(route('/api/backoffice/financeiro/pix-atrasados'), () => dto(LatePixPageDto, { itens: [], proximo: null })),
    http.get(route('/api/backoffice/financeiro/antecipacoes'), () => dto(AdvancePageDto, { itens: [], proximo: null })),
    http.get(route('/api/backoffice/financeiro/links'), () => dto(PaymentLinkPageDto, { itens: [], proximo: null })),
  );
}

async function openPayment() {
  const user = userEvent.setup();
  renderConsole('/backoffice/financeiro');
  const row = await screen.findByRole('row', { name: /529\.\*\*\*\.\*\*\*-25/ });
  expect(row).toHaveTextContent('Sem estorno');
  await user.click(within(row).getByRole('button', { name: `Ver detalhes: Pix de ${formatMoney(10_000)} do contrato 100101` }));
  const heading = await screen.findByRole('heading', { name: `Pagamento: Pix de ${formatMoney(10_000)} do contrato 100101` });
  expect(heading).toHaveFocus();
  return user;
}

describe('the desk payments', () => {
  it("shows the provider's reference and its events; financeiro refunds part with a reason, after confirming", async () => {
    let current = detail();
    const sent: unknown[] = [];
    const keys: string[] = [];
    desk('financeiro', () => current);
    server.use(
      http.post(route('/api/backoffice/financeiro/pagamentos/{metodo}/{id}/estornos'), async ({ request }) => {
        sent.push(await request.json());
        keys.push(request.headers.get('idempotency-key') ?? '');
        const estorno = {
          id: 3,
          valor: 4_000,
          motivo: 'Cobrança em duplicidade',
          status: 'refunded' as const,
          idEstorno: 'Eabc',
          idProvedor: 'D123',
          falha: null,
          pedidoPor: 'financeiro@guarita.example',
          pedidoEm: '2026-11-16T14:00:00.000Z',
          confirmadoEm: '2026-11-16T14:00:01.000Z',
        };
        const pagamento = { ...PIX, estornado: 4_000, estornavel: 6_000, estorno: 'parcial' as const };
        current = detail({ ...pagamento, estornos: [estorno] });
        return dto(RefundResultDto, { estorno, pagamento }, { status: 201 });
      }),
    );
    const user = await openPayment();
    expect(screen.getByText('E18236120202611271500s0123456789')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Eventos do provedor, do mais antigo ao mais novo' });
    expect(within(timeline).getByText(/pix · static-brcode · sucesso/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Estornar' }));
    const dialog = await screen.findByRole('dialog', { name: `Estornar Pix de ${formatMoney(10_000)} do contrato 100101` });
    const amount = within(dialog).getByRole('textbox', { name: 'Valor a estornar (R$)' });
    expect(amount).toHaveValue('100,00');
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByText(plain(DESK_PAYMENT_MSG.overRefund.replace('{restante}', formatMoney(10_000))))).toBeInTheDocument();
    expect(within(dialog).getByText(DESK_PAYMENT_MSG.reasonRequired)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '40,00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo do estorno' }), 'Cobrança em duplicidade');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByText(/O dinheiro volta ao pagador/)).toHaveTextContent(
      plain(`Estornar ${formatMoney(4_000)} de ${formatMoney(10_000)}`),
    );
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar estorno' }));

    expect(await screen.findByText(plain(`Estorno de ${formatMoney(4_000)} confirmado pelo provedor.`))).toHaveRole('status');
    expect(sent).toEqual([{ valor: 4_000, motivo: 'Cobrança em duplicidade' }]);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    const refunds = await screen.findByRole('table', { name: 'Estornos deste pagamento, do mais antigo ao mais novo' });
    expect(within(refunds).getByRole('row', { name: /Cobrança em duplicidade/ })).toHaveTextContent('Estornado');
    expect(await screen.findByText(/Estornado em parte · estornado/)).toBeInTheDocument();
  });

  it('a provider with no answer keeps the dialog open; Tentar novamente sends the same Idempotency-Key', async () => {
    desk('financeiro', () => detail());
    const keys: string[] = [];
    server.use(
      http.post(route('/api/backoffice/financeiro/pagamentos/{metodo}/{id}/estornos'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        return keys.length === 1
          ? apiError(503, 'PROVIDER_UNAVAILABLE', DESK_PAYMENT_MSG.providerUnavailable)
          : apiError(422, 'REFUND_REFUSED', DESK_PAYMENT_MSG.providerRefused);
      }),
    );
    const user = await openPayment();
    await user.click(screen.getByRole('button', { name: 'Estornar' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo do estorno' }), 'Cancelamento');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar estorno' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DESK_PAYMENT_MSG.providerUnavailable);
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByText(DESK_PAYMENT_MSG.providerRefused)).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(within(dialog).queryByRole('button', { name: /Confirmar estorno|Tentar novamente/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('admin reads the payment and its history but has no Estornar', async () => {
    desk('admin', () => detail());
    const calls = recordRequests();
    await openPayment();
    expect(screen.getByRole('list', { name: /Eventos do provedor/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Estornar' })).not.toBeInTheDocument();
    expect(calls.paths().filter((p) => p.startsWith('POST'))).toEqual([]);
    calls.stop();
  });

  it('a fully refunded payment offers no Estornar; a missing payment shows the error with Tentar novamente', async () => {
    let fail = true;
    desk('financeiro', () => detail({ estornado: 10_000, estornavel: 0, estorno: 'total' }));
    server.use(
      http.get(route('/api/backoffice/financeiro/pagamentos/{metodo}/{id}'), () => {
        if (fail) {
          fail = false;
          return HttpResponse.error();
        }
        return dto(DeskPaymentDetailDto, detail({ estornado: 10_000, estornavel: 0, estorno: 'total' }));
      }),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice/financeiro');
    const row = await screen.findByRole('row', { name: /529\.\*\*\*\.\*\*\*-25/ });
    await user.click(within(row).getByRole('button', { name: /Ver detalhes/ }));
    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(/^Estornado · estornado/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Estornar' })).not.toBeInTheDocument();
  });

  it("a payment link paid at the card provider: its payment id, and 'Estornar' sends the refund for the link", async () => {
    const LINK: DeskPaymentDto = {
      ...PIX,
      metodo: 'link',
      id: 'Lk3x9Qw_7rTz0aBcDeFgHiJk',
      provedor: 'adyen',
      referencia: 'QFQTPCQ8HXSKGK82',
      txid: null,
      valor: 7_990,
      estornavel: 7_990,
    };
    const linkDetail = detail({ ...LINK, eventos: [] });
    desk('financeiro', () => linkDetail, [LINK]);
    const posted: string[] = [];
    server.use(
      http.post(route('/api/backoffice/financeiro/pagamentos/{metodo}/{id}/estornos'), ({ params }) => {
        posted.push(`${String(params.metodo)}/${String(params.id)}`);
        const estorno = {
          id: 9,
          valor: 7_990,
          motivo: 'Antecipação cancelada',
          status: 'pending' as const,
          idEstorno: 'Edef',
          idProvedor: 'RF123',
          falha: null,
          pedidoPor: 'financeiro@guarita.example',
          pedidoEm: '2026-11-16T14:00:00.000Z',
          confirmadoEm: null,
        };
        return dto(
          RefundResultDto,
          { estorno, pagamento: { ...LINK, emAndamento: 7_990, estornavel: 0, estorno: 'em_andamento' } },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice/financeiro');
    const row = await screen.findByRole('row', { name: /Link de pagamento/ });
    await user.click(
      within(row).getByRole('button', { name: `Ver detalhes: Link de pagamento de ${formatMoney(7_990)} do contrato 100101` }),
    );
    expect(await screen.findByText('QFQTPCQ8HXSKGK82')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Estornar' }));
    const dialog = await screen.findByRole('dialog', { name: `Estornar Link de pagamento de ${formatMoney(7_990)} do contrato 100101` });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo do estorno' }), 'Antecipação cancelada');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByText(/O dinheiro volta ao pagador/)).toHaveTextContent('adyen (referência QFQTPCQ8HXSKGK82)');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar estorno' }));
    expect(await screen.findByText(plain(`Estorno de ${formatMoney(7_990)} enviado ao provedor; aguardando a confirmação.`))).toHaveRole(
      'status',
    );
    expect(posted).toEqual(['link/Lk3x9Qw_7rTz0aBcDeFgHiJk']);
  });

  it('a card approval that came after its bills were paid another way is marked to refund, and says why', async () => {
    const LATE: DeskPaymentDto = {
      ...PIX,
      metodo: 'card',
      id: '58',
      provedor: 'adyen',
      referencia: 'PSP8816178952380553',
      txid: null,
      cartao: 'visa •••• 1111',
      alerta: DESK_PAYMENT_MSG.lateCardApproval,
    };
    desk('financeiro', () => detail({ ...LATE, eventos: [] }), [LATE]);
    const user = userEvent.setup();
    renderConsole('/backoffice/financeiro');
    const row = await screen.findByRole('row', { name: /Cartão/ });
    expect(row).toHaveTextContent('Sem estorno · a estornar');
    await user.click(within(row).getByRole('button', { name: /Ver detalhes/ }));
    expect(await screen.findByText(/As faturas não foram quitadas de novo: estorne este valor ao cliente/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Estornar' })).toBeInTheDocument();
  });

  it('a late Pix credit another provider received has no Estornar: the desk says where to refund it', async () => {
    const CREDIT: DeskPaymentDto = {
      ...PIX,
      metodo: 'pix_credito',
      id: '41',
      faturas: [],
      provedor: 'api-pix',
      estornoPor: 'outro_provedor',
    };
    desk('financeiro', () => detail({ ...CREDIT }), [CREDIT]);
    const user = userEvent.setup();
    renderConsole('/backoffice/financeiro');
    const row = await screen.findByRole('row', { name: /Crédito de Pix atrasado/ });
    await user.click(within(row).getByRole('button', { name: /Ver detalhes/ }));
    expect(await screen.findByText(/estorne no painel desse provedor/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Estornar' })).not.toBeInTheDocument();
  });
});
