import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdvancePageDto,
  APPROVAL_ERRORS,
  DeskPaymentPageDto,
  FINANCE_MSG,
  LatePixPageDto,
  PaymentLinkPageDto,
  STAFF_MSG,
  StaffCaseDto,
  StaffMeDto,
  type LatePixDto,
} from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { consoleSideCalls } from '../../../../test/console-handlers';
import { renderConsole } from './render-console';

/** The console's approval form (current and new values, Aprovar / Reprovar with a reason) and the financeiro desk. */

const me = (papel: StaffMeDto['papel']): StaffMeDto => ({
  id: 1,
  email: `${papel}@guarita.example`,
  nome: 'Ana',
  papel,
  inatividadeSegundos: 1800,
});

const DUE_DATE: StaffCaseDto = {
  caso: {
    Id: 'c9',
    CaseNumber: '2026-000042',
    Reason: 'Alteração de Vencimento',
    Subject: 'Alteração de Vencimento',
    Status: 'New',
    Fase__c: 'Aberto',
    CreatedDate: '2026-11-16T13:00:00.000Z',
    nCtrId: 800801,
    Description: 'Alteração do vencimento do dia 10 para o dia 20.',
    tipoSolicitacao: 'vencimento',
  },
  cliente: { nome: 'Beatriz Nogueira Campos', documento: '847.***.***-19' },
  solicitacao: { DiaVencimento__c: 20, CobrarValorProRata__c: 'Sim' },
  anexos: [],
  historico: [{ tipo: 'created', de: null, para: 'Aberto', autor: 'customer', CreatedDate: '2026-11-16T13:00:00.000Z' }],
  comentarios: [],
  notasInternas: [],
  proximasFases: ['Análise', 'Concluído'],
  sinistro: null,
  podeDecidir: true,
  podeReabrir: false,
  proposta: {
    linhas: [
      { campo: 'Dia de vencimento', atual: '10', novo: '20' },
      { campo: 'Próxima fatura', atual: '10/12/2026 · R$ 174,90', novo: '20/12/2026 · R$ 233,20' },
    ],
    aviso: null,
  },
};

describe('approving or rejecting a request', () => {
  it('shows the current values beside the new ones; Reprovar needs the reason, which is sent', async () => {
    let rejected: unknown = null;
    let approved = 0;
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, me('atendimento'))),
      http.get(route('/api/backoffice/casos/{caseNumber}'), () => dto(StaffCaseDto, DUE_DATE)),
      http.post(route('/api/backoffice/casos/{caseNumber}/reprovar'), async ({ request }) => {
        rejected = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(route('/api/backoffice/casos/{caseNumber}/aprovar'), () => {
        approved++;
        return apiError(409, 'ALREADY_DECIDED', STAFF_MSG.alreadyDecided);
      }),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice/casos/2026-000042');
    const table = await screen.findByRole('table', { name: 'O que a aprovação altera' });
    expect(within(table).getByRole('row', { name: 'Dia de vencimento 10 20' })).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: /Próxima fatura 10\/12\/2026 · R\$ 174,90 20\/12\/2026 · R\$ 233,20/ }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reprovar alteração' }));
    expect(await screen.findByText(STAFF_MSG.reasonRequired)).toBeInTheDocument();
    expect(rejected).toBeNull();
    await user.type(screen.getByLabelText('Motivo da reprovação'), 'Dia indisponível para o seu plano.');
    await user.click(screen.getByRole('button', { name: 'Reprovar alteração' }));
    await screen.findByRole('button', { name: 'Reprovar alteração' });
    await expect.poll(() => rejected).toEqual({ motivo: 'Dia indisponível para o seu plano.' });

    // Aprovar asks first, showing what changes; Cancelar and Esc send nothing (issue 30 item 7)
    await user.click(screen.getByRole('button', { name: 'Aprovar alteração' }));
    let dialog = await screen.findByRole('dialog', { name: 'Aprovar alteração?' });
    expect(within(dialog).getByRole('row', { name: 'Dia de vencimento 10 20' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aprovar alteração' }));
    // the browser turns Escape on a modal dialog into a 'cancel' event (jsdom does not)
    fireEvent(await screen.findByRole('dialog', { name: 'Aprovar alteração?' }), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(approved).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Aprovar alteração' }));
    dialog = await screen.findByRole('dialog', { name: 'Aprovar alteração?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar aprovação' }));
    expect(await within(dialog).findByText(STAFF_MSG.alreadyDecided)).toBeInTheDocument();
    expect(approved).toBe(1);
  });

  it('a request that can no longer apply says why before anyone approves it', async () => {
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, me('atendimento'))),
      http.get(route('/api/backoffice/casos/{caseNumber}'), () =>
        dto(StaffCaseDto, { ...DUE_DATE, proposta: { linhas: [], aviso: APPROVAL_ERRORS.quotationStale } }),
      ),
    );
    renderConsole('/backoffice/casos/2026-000042');
    expect(await screen.findByText(APPROVAL_ERRORS.quotationStale)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'O que a aprovação altera' })).not.toBeInTheDocument();
  });
});

const LATE: LatePixDto = {
  id: 7,
  txid: 'txlate0001',
  nCtrId: 100101,
  documento: '529.***.***-25',
  valor: 18990,
  resultado: 'credit',
  credito: 18990,
  reembolso: 'pending',
  devolucao: 'manual',
  recebidoEm: '2026-11-16T13:00:00.000Z',
  clienteAvisadoEm: null,
  reembolsadoEm: null,
  reembolsadoPor: null,
  observacao: null,
};

describe('the financeiro desk', () => {
  const desk = (latePix: () => Response | Promise<Response>) =>
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/financeiro/pix-atrasados'), latePix),
      http.get(route('/api/backoffice/financeiro/antecipacoes'), () =>
        dto(AdvancePageDto, {
          itens: [
            {
              id: 3,
              nCtrId: 100101,
              fatura: 12,
              metodo: 'PI',
              valor: 18990,
              status: 'processing',
              criadoEm: '2026-11-16T13:00:00.000Z',
              expiraEm: null,
            },
          ],
          proximo: null,
        }),
      ),
      http.get(route('/api/backoffice/financeiro/links'), () => dto(PaymentLinkPageDto, { itens: [], proximo: null })),
      http.get(route('/api/backoffice/financeiro/pagamentos'), () => dto(DeskPaymentPageDto, { itens: [], proximo: null })),
    );

  it("financeiro's home is the desk; marking a refund needs a note, then sends it", async () => {
    let refunded: unknown = null;
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, me('financeiro'))),
      http.post(route('/api/backoffice/financeiro/pix-atrasados/{id}/reembolso'), async ({ request, params }) => {
        refunded = { id: params.id, ...((await request.json()) as object) };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    desk(() => dto(LatePixPageDto, { itens: [LATE], proximo: null }));
    const user = userEvent.setup();
    renderConsole('/backoffice');
    expect(await screen.findByRole('heading', { name: 'Financeiro', level: 1 })).toBeInTheDocument();
    const late = await screen.findByRole('row', { name: /529\.\*\*\*\.\*\*\*-25/ });
    expect(within(late).getByText('Crédito (faturas já pagas)')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Pix .*Em processamento/ })).toBeInTheDocument();
    expect(screen.getByText('Nada encontrado.')).toBeInTheDocument(); // no payment links

    await user.click(within(late).getByRole('button', { name: 'Marcar reembolsado' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar reembolso' }));
    expect(await screen.findByText(FINANCE_MSG.noteRequired)).toBeInTheDocument();
    expect(refunded).toBeNull();
    await user.type(screen.getByLabelText('Como o reembolso foi feito (Pix txlate0001)'), 'Devolvido por Pix.');
    await user.click(screen.getByRole('button', { name: 'Confirmar reembolso' }));
    await expect.poll(() => refunded).toEqual({ id: '7', observacao: 'Devolvido por Pix.' });
  });

  it('admin reads the desk but cannot mark refunds; a failed list offers Tentar novamente', async () => {
    let fail = true;
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, me('admin'))),
    );
    desk(() => (fail ? apiError(500, 'INTERNAL', 'Erro inesperado.') : dto(LatePixPageDto, { itens: [LATE], proximo: null })));
    const user = userEvent.setup();
    renderConsole('/backoffice/financeiro');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('row', { name: /529\.\*\*\*\.\*\*\*-25/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar reembolsado' })).not.toBeInTheDocument();
  });

  it('a credit the PSP can give back has no Marcar reembolsado: it is refunded with Estornar in Pagamentos', async () => {
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, me('financeiro'))),
    );
    desk(() => dto(LatePixPageDto, { itens: [{ ...LATE, devolucao: 'provedor' }], proximo: null }));
    renderConsole('/backoffice/financeiro');
    const late = await screen.findByRole('row', { name: /529\.\*\*\*\.\*\*\*-25/ });
    expect(within(late).getByText(/Devolução pelo provedor: em Pagamentos \(Crédito de Pix atrasado\), use Estornar/)).toBeInTheDocument();
    expect(within(late).queryByRole('button', { name: 'Marcar reembolsado' })).not.toBeInTheDocument();
  });
});
