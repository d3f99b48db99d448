import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CaseCreatedDto, PlanChangeDto, QuotationDto, type QuotationRequest } from '@guarita/domain';
import { apiError, dto, http, route, server } from '../../../../test/msw';
import { CREATED, fakeLogin, renderSupport, supportNetwork } from '../../../../test/support-fixtures';
import { clearSession } from '../../../lib/session';

/** Alteração de Plano (001 §2, §4): lists, towing km picker, the server's quotation, agreement, overlay, COBRE. */

const towing = [200, 400, 1000].map((km, i) => ({
  codigoItem: `SRV_REBOQ_${km}KM`,
  descricao: `Reboque até ${km === 1000 ? '1.000' : km} km`,
  km,
  preco: [1090, 1690, 2790][i]!,
  idLinha: i + 1,
  dataVinculo: '2026-01-01',
  itemPadrao: km === 200,
}));

const SCREEN = (tipo: 'M' | 'A'): PlanChangeDto => ({
  situacao: 'disponivel',
  nCtrId: 100101,
  idPlan: 'GUARITA_ESSENCIAL_MG',
  idPlano: tipo === 'A' ? 'GUARITA_ESSENCIAL_ANUAL_MG' : 'GUARITA_ESSENCIAL_MG',
  estado: 'MG',
  nomeEstado: 'Minas Gerais',
  tipoPagamento: tipo,
  podeAlternarAnual: true,
  isRecupPlan: false,
  fipe: 'CAT_FIPE_80K',
  veiculo: { modelo: 'Onix LT 1.0', placa: 'RTA1B23' },
  coberturasBasicas: ['Perda Total (Furto e Roubo)'],
  parcelas: tipo === 'A' ? 12 : 1,
  itens: [
    { codigoItem: 'SRV_ROUBO_FURTO', descricao: 'Perda Total (Furto e Roubo)', preco: 14790, obrigatorio: true, adquirido: true },
    { codigoItem: 'SRV_ASS24', descricao: 'Assistência 24h', preco: 2990, obrigatorio: false, adquirido: true },
    {
      codigoItem: 'SRV_REBOQ',
      descricao: 'Reboque',
      preco: 1090,
      obrigatorio: false,
      adquirido: false,
      opcoesKm: towing,
      kmAdquirido: null,
    },
    { codigoItem: 'SRV_VIDROS', descricao: 'Vidros', preco: 1490, obrigatorio: false, adquirido: false },
  ],
});

const ID = '0b6f0d3e-8c1a-4c5e-9a43-3f2b1c0d9e8f';
const quotation = (req: QuotationRequest): QuotationDto => {
  const added = req.itens.map((c) => ({
    service_code: c,
    service_name: c === 'SRV_REBOQ' ? `Reboque até ${req.reboqueKm} km` : c,
    value: c === 'SRV_REBOQ' ? 1690 : 2990,
  }));
  const total = 14790 + added.reduce((s, l) => s + l.value, 0);
  return {
    IdCotacao: ID,
    nCtrId: 100101,
    idPlano: 'GUARITA_ESSENCIAL_MG',
    tipoPagamento: req.tipoPagamento,
    initialVlue: req.tipoPagamento === 'A' ? total * 11 : total,
    fipe: 'CAT_FIPE_80K',
    required: [{ service_code: 'SRV_ROUBO_FURTO', service_name: 'Perda Total (Furto e Roubo)', value: 14790 }],
    added,
    notAdded: [],
    isRecupPlan: false,
    colisao: false,
    vidros: false,
    parcelas: req.tipoPagamento === 'A' ? 12 : 1,
    valorParcela: req.tipoPagamento === 'A' ? Math.round((total * 11) / 12) : total,
    reboque: req.itens.includes('SRV_REBOQ') ? { codigoItem: 'SRV_REBOQ_400KM', descricao: 'Reboque até 400 km', km: 400 } : null,
    adicionados: req.itens.includes('SRV_REBOQ') ? ['Reboque até 400 km'] : [],
    removidos: [],
    expiraEm: '2026-11-22T14:00:00.000Z',
  };
};

function planNetwork(screenFor: (tipo: 'M' | 'A') => PlanChangeDto | Response = SCREEN) {
  const quotes: QuotationRequest[] = [];
  const sent: unknown[] = [];
  server.use(
    http.get(route('/api/plans/contracts/{nCtrId}/plan-change'), ({ request }) => {
      const tipo = new URL(request.url).searchParams.get('tipoPagamento') === 'A' ? 'A' : 'M';
      const answer = screenFor(tipo);
      return answer instanceof Response ? answer : dto(PlanChangeDto, answer);
    }),
    http.post(route('/api/plans/contracts/{nCtrId}/quotations'), async ({ request }) => {
      const body = (await request.json()) as QuotationRequest;
      quotes.push(body);
      return dto(QuotationDto, quotation(body), { status: 201 });
    }),
    http.post(route('/api/plans/contracts/{nCtrId}/plan-change'), async ({ request }) => {
      sent.push(await request.json());
      return dto(CaseCreatedDto, { ...CREATED, Reason: 'Alteração de Plano', Subject: 'Alteração de Plano' }, { status: 201 });
    }),
  );
  return { quotes, sent };
}

beforeEach(() => fakeLogin());
afterEach(() => clearSession());

describe('plan change', () => {
  it('adds towing with a km choice, quotes on the server, confirms after agreement and shows the overlay', async () => {
    supportNetwork();
    const net = planNetwork();
    const { user, router } = renderSupport('/suporte/100101?area=Alteracao-de-Plano');
    expect(await screen.findByText('Onix LT 1.0 · RTA1B23')).toBeInTheDocument();
    const acquired = screen.getByRole('region', { name: 'Adquirido' });
    const available = screen.getByRole('region', { name: 'Disponível' });
    expect(within(acquired).getByText(/Assistência 24h/)).toBeInTheDocument();
    expect(within(available).getByText(/Vidros/)).toBeInTheDocument();
    expect(await screen.findByText('R$ 177,80')).toBeInTheDocument(); // 147,90 + 29,90 from the server
    const confirm = screen.getByRole('button', { name: 'Confirmar alteração' });
    await user.click(screen.getByRole('checkbox', { name: 'Estou de acordo com a alteração.' }));
    expect(confirm).toBeDisabled(); // monthly: nothing changed yet

    await user.click(within(available).getByRole('button', { name: 'Adicionar Reboque' }));
    const picker = await screen.findByRole('dialog', { name: 'Distância do reboque' });
    await user.click(within(picker).getByRole('radio', { name: /Reboque até 400 km/ }));
    await user.click(within(picker).getByRole('button', { name: 'Confirmar' }));
    expect(await within(acquired).findByText(/Reboque até 400 km/)).toBeInTheDocument();
    // The item moved lists: the focus follows it to its new button, not back to the page's start.
    await waitFor(() => expect(within(acquired).getByRole('button', { name: 'Remover Reboque até 400 km' })).toHaveFocus());
    await waitFor(() => expect(net.quotes.at(-1)).toEqual({ tipoPagamento: 'M', itens: ['SRV_ASS24', 'SRV_REBOQ'], reboqueKm: 400 }));
    expect(await screen.findByText('R$ 194,70')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Telefone para contato (celular)' }), '31987654321');
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    const overlay = await screen.findByRole('dialog', { name: 'Alteração de plano efetuada!' });
    expect(within(overlay).getByText('Reboque até 400 km')).toBeInTheDocument();
    expect(within(overlay).getByText('Adicionado:')).toBeInTheDocument();
    expect(net.sent).toEqual([{ idCotacao: ID, telefone: '(31) 98765-4321' }]);
    await user.click(within(overlay).getByRole('button', { name: 'Fechar' }));
    expect(router.state.location.pathname).toBe('/suporte');
  });

  it('the annual toggle reloads the plan and shows the installments; agreement is enough to confirm', async () => {
    supportNetwork();
    const net = planNetwork();
    const { user } = renderSupport('/suporte/100101?area=Alteracao-de-Plano');
    await user.click(await screen.findByRole('radio', { name: 'Anual' }));
    expect(await screen.findByText(/em 12x de/)).toBeInTheDocument();
    expect(net.quotes.at(-1)).toMatchObject({ tipoPagamento: 'A' });
    const confirm = screen.getByRole('button', { name: 'Confirmar alteração' });
    await user.click(screen.getByRole('checkbox', { name: 'Estou de acordo com a alteração.' }));
    await waitFor(() => expect(confirm).toBeEnabled()); // annual: agreement is enough
  });

  it('COBRE: the executive modal with a messaging link instead of the form', async () => {
    supportNetwork();
    planNetwork(() => ({
      situacao: 'cobre',
      nCtrId: 100101,
      contato: { nome: 'Renata Figueiredo', telefone: '31991234567', whatsapp: 'https://wa.me/5531991234567', executive: true },
    }));
    renderSupport('/suporte/100101?area=Alteracao-de-Plano');
    const modal = await screen.findByRole('dialog', { name: 'Alteração indisponível online' });
    expect(within(modal).getByText('Renata Figueiredo')).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: 'Falar pelo WhatsApp' })).toHaveAttribute('href', 'https://wa.me/5531991234567');
    expect(screen.queryByRole('button', { name: 'Confirmar alteração' })).not.toBeInTheDocument();
  });

  it("a plan that cannot be changed online shows the spec's message", async () => {
    supportNetwork();
    planNetwork(() => apiError(422, 'STATE_NOT_FOUND', 'Estado não encontrado no plano'));
    renderSupport('/suporte/100101?area=Alteracao-de-Plano');
    expect(await screen.findByText('Estado não encontrado no plano')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument(); // the data's answer
  });

  it("the plans service failing: its message and 'Tentar novamente', which loads the screen", async () => {
    supportNetwork();
    let fail = true;
    planNetwork((tipo) =>
      fail ? apiError(502, 'PLANS_SERVER_ERROR', 'Erro de servidor ao retornar planos. Tente novamente.') : SCREEN(tipo),
    );
    const { user } = renderSupport('/suporte/100101?area=Alteracao-de-Plano');
    expect(await screen.findByText('Erro de servidor ao retornar planos. Tente novamente.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Onix LT 1.0 · RTA1B23')).toBeInTheDocument();
  });
});
