import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CaseCreatedDto, DueDateSimulationDto, duplicateCaseMessage } from '@guarita/domain';
import { apiError, dto, http, route, server } from '../../../../test/msw';
import { CREATED, fakeLogin, renderSupport, supportNetwork } from '../../../../test/support-fixtures';
import { clearSession } from '../../../lib/session';

/** Alteração de Vencimento (001 §2, §3, §4, §8): day picker, the server's pro-rata, agreement, duplicate 409. */

const simulation = (dia: number) =>
  DueDateSimulationDto.parse({
    contrato: 100101,
    diaAtual: 10,
    dia,
    valorMensalidade: 12990,
    diasProporcionais: Math.abs(dia - 10),
    valorVoucher: dia < 10 ? 4330 : 0,
    valorAcrescimo: dia > 10 ? 4330 : 0,
    valorProximaFatura: dia > 10 ? 17320 : dia < 10 ? 8660 : 12990,
    vencimentoAtual: '2026-12-10',
    proximoVencimento: `2026-12-${String(dia).padStart(2, '0')}`,
    cobrarValorProRata: dia === 10 ? 'Não' : 'Sim',
  });

function dueDateNetwork(answer?: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.get(route('/api/due-date/contracts/{nCtrId}/simulation'), ({ request }) =>
      dto(DueDateSimulationDto, simulation(Number(new URL(request.url).searchParams.get('dia')))),
    ),
    http.post(route('/api/due-date/contracts/{nCtrId}'), async ({ request }) => {
      sent.push(await request.json());
      return answer ? answer() : dto(CaseCreatedDto, { ...CREATED, Reason: 'Alteração de Vencimento' }, { status: 201 });
    }),
  );
  return sent;
}

async function open(url = '/suporte/100101') {
  const r = renderSupport(url);
  const select = await screen.findByRole('combobox', { name: 'Tipo de solicitação' });
  await r.user.selectOptions(select, 'vencimento');
  await r.user.type(screen.getByRole('textbox', { name: 'Telefone para contato (celular)' }), '31987654321');
  return r;
}

async function pickDay(user: Awaited<ReturnType<typeof open>>['user'], day: number) {
  await user.click(screen.getByRole('button', { name: /Escolher novo dia de vencimento|Novo dia de vencimento/ }));
  const picker = await screen.findByRole('dialog', { name: 'Novo dia de vencimento' });
  expect(within(picker).getAllByRole('button', { pressed: false })).toHaveLength(30);
  await user.click(within(picker).getByRole('button', { name: String(day) }));
  await user.click(within(picker).getByRole('button', { name: 'Ok' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo dia de vencimento' })).not.toBeInTheDocument(), { timeout: 2000 });
}

beforeEach(() => fakeLogin());
afterEach(() => clearSession());

describe('due-date change', () => {
  it('shows the pro-rata of the chosen day, explains it, sends it and then shows the request pending approval', async () => {
    supportNetwork();
    const sent = dueDateNetwork();
    const { user } = await open();
    // The form loads when its type is chosen.
    expect(await screen.findByText('dia 10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar alteração' }));
    expect(await screen.findByText('Insira a nova data de vencimento')).toBeInTheDocument();

    await pickDay(user, 20);
    expect(await screen.findByText('R$ 173,20')).toBeInTheDocument(); // the coming bill, from the server
    expect(screen.getByText('20/12/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entenda o ajuste de fatura' }));
    const adjust = await screen.findByRole('dialog', { name: 'Ajuste de fatura' });
    expect(within(adjust).getByText('Acréscimo proporcional: R$ 43,30.')).toBeInTheDocument();
    await user.click(within(adjust).getByRole('button', { name: 'Entendi' }));

    await user.click(screen.getByRole('checkbox', { name: 'Estou de acordo com a alteração.' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar alteração' }));
    expect(await screen.findByText('Solicitação enviada com sucesso!')).toBeInTheDocument();
    expect(sent).toEqual([{ dia: 20, telefone: '(31) 98765-4321' }]);
    // A request staff approve (issue 24 item 15): the contract's day stays, the request is pending with its protocol,
    // and nothing can send it a second time.
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Protocolo da solicitação: 2026-000123');
    expect(status).toHaveTextContent(
      'Pedido de alteração para o dia 20 aguardando aprovação da nossa equipe. Até lá, o vencimento continua no dia 10.',
    );
    expect(screen.getByText('dia 10')).toBeInTheDocument();
    expect(screen.queryByText('dia 20')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirmar alteração' })).toBeNull();
  });

  it('choosing a day says nothing about the agreement before the customer tries to confirm', async () => {
    supportNetwork();
    dueDateNetwork();
    const { user } = await open();
    await pickDay(user, 20);
    expect(await screen.findByText('R$ 173,20')).toBeInTheDocument();
    expect(screen.queryByText('Confirme que está de acordo com a alteração.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a failed simulation says so with 'Tentar novamente', which shows the figures", async () => {
    supportNetwork();
    dueDateNetwork();
    let fail = true;
    server.use(
      http.get(route('/api/due-date/contracts/{nCtrId}/simulation'), ({ request }) =>
        fail
          ? apiError(503, 'UNAVAILABLE', 'Serviço indisponível.')
          : dto(DueDateSimulationDto, simulation(Number(new URL(request.url).searchParams.get('dia')))),
      ),
    );
    const { user } = await open();
    await pickDay(user, 20);
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('R$ 173,20')).toBeInTheDocument();
  });

  it("a duplicate shows the API's message", async () => {
    supportNetwork();
    const message = duplicateCaseMessage('2026-000077', '2026-11-20T13:00:00Z');
    dueDateNetwork(() => apiError(409, 'DUPLICATE_CASE', message, { DescricaoErroApiExterna: JSON.stringify([{ message }]) }));
    const { user } = await open();
    await pickDay(user, 5);
    await user.click(screen.getByRole('checkbox', { name: 'Estou de acordo com a alteração.' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar alteração' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
