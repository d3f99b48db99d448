import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REOPEN_MSG, StaffCaseDto, StaffMeDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { renderConsole } from './render-console';

const ME: StaffMeDto = {
  id: 2,
  email: 'sinistros@guarita.example',
  nome: 'Sérgio Sinistros',
  papel: 'sinistros',
  inatividadeSegundos: 1800,
};

const CLOSED: StaffCaseDto = {
  caso: {
    Id: 'c1',
    CaseNumber: '2026-000009',
    Reason: 'Colisão',
    Subject: 'Sinistro',
    Status: 'Closed',
    Fase__c: 'Finalização',
    CreatedDate: '2026-11-16T13:00:00.000Z',
    nCtrId: 100101,
    Description: 'Bateram na lateral.',
    tipoSolicitacao: 'sinistro',
  },
  cliente: { nome: 'Maria Aparecida Souza', documento: '529.***.***-25' },
  solicitacao: {
    Reason: 'Colisão',
    Data_Hora_da_ocorrencia__c: '2026-11-16T09:40:00.000Z',
    CPF_do_condutor__c: '52998224725',
    AceiteTermosCondicoes__c: true,
    Cotacao__c: { valorFipe: 48900, limitado: false },
  },
  anexos: [],
  historico: [{ tipo: 'created', de: null, para: 'Aberto', autor: 'customer', CreatedDate: '2026-11-16T13:00:00.000Z' }],
  comentarios: [],
  notasInternas: [],
  proximasFases: [],
  sinistro: null,
  podeDecidir: false,
  proposta: null,
  podeReabrir: true,
};

describe('a closed case', () => {
  it("'Solicitação enviada' reads in pt-BR, with the raw payload behind 'Dados técnicos'", async () => {
    server.use(
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, ME)),
      http.get(route('/api/backoffice/casos/{caseNumber}'), () => dto(StaffCaseDto, CLOSED)),
    );
    renderConsole('/backoffice/casos/2026-000009');
    const section = await screen.findByRole('region', { name: 'Solicitação enviada' });
    const term = (label: string) => within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Data e hora da ocorrência')).toBe('16/11/2026, 09:40');
    expect(term('CPF do condutor')).toBe('529.982.247-25');
    expect(term('Aceitou os termos e condições')).toBe('Sim');
    expect(term('Valor FIPE')).toBe('R$\u00a048.900,00');
    expect(term('Indenização limitada a R$ 150 mil')).toBe('Não');
    expect(within(section).queryByText('Data_Hora_da_ocorrencia__c', { selector: 'dt' })).not.toBeInTheDocument();
    const technical = within(section).getByText('Dados técnicos').closest('details');
    expect(technical).not.toHaveAttribute('open');
    expect(technical).toHaveTextContent('"Data_Hora_da_ocorrencia__c": "2026-11-16T09:40:00.000Z"');
  });

  it('is reopened with a reason: a short one is refused in the form, Cancelar sends nothing, then a notice takes the focus', async () => {
    let sent: unknown[] = [];
    let reopened = false;
    server.use(
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, ME)),
      http.get(route('/api/backoffice/casos/{caseNumber}'), () =>
        dto(
          StaffCaseDto,
          reopened
            ? {
                ...CLOSED,
                caso: { ...CLOSED.caso, Status: 'New', Fase__c: 'Acompanhamento' },
                podeReabrir: false,
                proximasFases: ['Finalização'],
              }
            : CLOSED,
        ),
      ),
      http.post(route('/api/backoffice/casos/{caseNumber}/reabrir'), async ({ request }) => {
        sent = [...sent, await request.json()];
        if (sent.length === 1) return apiError(409, 'CASE_OPEN', REOPEN_MSG.alreadyOpen);
        reopened = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice/casos/2026-000009');
    expect(screen.queryByLabelText('Comentário')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Reabrir caso' }));
    let dialog = screen.getByRole('dialog', { name: 'Reabrir caso?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reabrir caso' }));
    dialog = screen.getByRole('dialog', { name: 'Reabrir caso?' });
    await user.type(within(dialog).getByLabelText('Motivo da reabertura'), 'curto');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reabertura' }));
    expect(await within(dialog).findByText(REOPEN_MSG.reasonTooShort)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Motivo da reabertura'));
    await user.type(within(dialog).getByLabelText('Motivo da reabertura'), 'O cliente contestou o reparo.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reabertura' }));
    expect(await within(dialog).findByText(REOPEN_MSG.alreadyOpen)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reabertura' }));

    const notice = await screen.findByText(/Caso reaberto\./);
    expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
    expect(sent).toEqual([{ motivo: 'O cliente contestou o reparo.' }, { motivo: 'O cliente contestou o reparo.' }]);
    expect(await screen.findByLabelText('Comentário')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reabrir caso' })).not.toBeInTheDocument();
  });
});
