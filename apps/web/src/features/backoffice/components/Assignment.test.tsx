import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSIGNMENT_MSG, BulkResultDto, QueueCountsDto, QueuePageDto, StaffCaseDto, StaffMeDto } from '@guarita/domain';
import { consoleSideCalls } from '../../../../test/console-handlers';
import { dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { renderConsole } from './render-console';

/** Issue 30 items 10, 14, 17: assignment and presence on the case page, its keyboard, and the queue's bulk actions. */

const ME: StaffMeDto = { id: 7, email: 'ana@guarita.example', nome: 'Ana Atendimento', papel: 'atendimento', inatividadeSegundos: 1800 };
const BIA = { id: 8, nome: 'Bia Colega', papel: 'atendimento' as const };
const ANA = { id: 7, nome: 'Ana Atendimento', papel: 'atendimento' as const };

const aCase = (n: string): StaffCaseDto => ({
  caso: {
    Id: `id-${n}`,
    CaseNumber: n,
    Reason: 'Ouvidoria',
    Subject: 'Ouvidoria',
    Status: 'New',
    Fase__c: 'Aberto',
    CreatedDate: '2026-11-16T13:00:00.000Z',
    nCtrId: 100101,
    Description: 'Ninguém atende.',
    tipoSolicitacao: 'ouvidoria',
  },
  cliente: { nome: 'Maria Aparecida Souza', documento: '529.***.***-25' },
  solicitacao: {},
  anexos: [],
  historico: [],
  comentarios: [],
  notasInternas: [],
  proximasFases: ['Análise', 'Concluído'],
  sinistro: null,
  podeDecidir: false,
  podeReabrir: false,
  proposta: null,
});
const row = (n: string, responsavel: { id: number; nome: string } | null = null) => ({
  Id: `id-${n}`,
  CaseNumber: n,
  Reason: 'Ouvidoria',
  Subject: 'Ouvidoria',
  Status: 'New' as const,
  Fase__c: 'Aberto',
  CreatedDate: '2026-11-16T13:00:00.000Z',
  nCtrId: 100101,
  documento: '529.***.***-25',
  responsavel,
  sla: { prazo: '2026-11-17T13:00:00.000Z', idadeMinutos: 60, restanteMinutos: 1380, estourado: false },
});

afterEach(() => sessionStorage.clear());

describe('case page: assignment, presence, keyboard', () => {
  // The first handler for a route answers: these before the defaults.
  const caseCalls = (assigned: { value: typeof ANA | null }, sent: unknown[]) => [
    http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, ME)),
    http.get(route('/api/backoffice/casos/{caseNumber}'), ({ params }) => dto(StaffCaseDto, aCase(String(params.caseNumber)))),
    http.get(route('/api/backoffice/casos/{caseNumber}/atribuicao'), () =>
      HttpResponse.json({ responsavel: assigned.value, colegas: [ANA, BIA], podeAlterar: true }),
    ),
    http.post(route('/api/backoffice/casos/{caseNumber}/atribuicao'), async ({ request }) => {
      const body = (await request.json()) as { responsavelId: number | null };
      sent.push(body);
      assigned.value = body.responsavelId === ANA.id ? ANA : null;
      return new HttpResponse(null, { status: 204 });
    }),
    ...consoleSideCalls({ others: [{ nome: 'Bia Colega', papel: 'atendimento' }] }),
  ];

  it("shows who else is here; 'Atribuir a mim' by button and by 'a'; a colleague; 'Remover atribuição'", async () => {
    const assigned = { value: null as typeof ANA | null };
    const sent: unknown[] = [];
    server.use(...caseCalls(assigned, sent));
    const user = userEvent.setup();
    renderConsole('/backoffice/casos/2026-000010');
    expect(await screen.findByText('Também neste caso agora: Bia Colega (Atendimento)')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Responsável' });
    expect(await within(section).findByText('Ninguém atribuído.')).toBeInTheDocument();
    const mine = within(section).getByRole('button', { name: 'Atribuir a mim' });
    expect(mine).toHaveAttribute('aria-keyshortcuts', 'a');

    // Typing an 'a' in the comment box is text, not the shortcut.
    await user.type(screen.getByLabelText('Comentário'), 'a');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('a');
    expect(await within(section).findByText('Atribuído a você.')).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('Caso atribuído a você.');
    expect(sent).toEqual([{ responsavelId: ANA.id }]);

    // The colleague select lists the desk but not the assignee; no choice is a pt-BR message, not a request.
    const colleague = within(section).getByLabelText('Atribuir a um colega');
    expect(
      within(colleague)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Escolha um colega', 'Bia Colega']);
    await user.click(within(section).getByRole('button', { name: 'Atribuir' }));
    expect(await within(section).findByText(ASSIGNMENT_MSG.chooseColleague)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await user.selectOptions(colleague, 'Bia Colega');
    await user.click(within(section).getByRole('button', { name: 'Atribuir' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Caso atribuído a Bia Colega.');
    expect(sent).toEqual([{ responsavelId: ANA.id }, { responsavelId: BIA.id }]);

    await user.click(await within(section).findByRole('button', { name: 'Atribuir a mim' }));
    await user.click(await within(section).findByRole('button', { name: 'Remover atribuição' }));
    expect(await within(section).findByText('Ninguém atribuído.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ responsavelId: null });
  });

  it("'c' goes to the comment box, '?' shows the shortcuts, 'j'/'k' walk the last queue order seen", async () => {
    sessionStorage.setItem('guarita.console.ordemDaFila', JSON.stringify(['2026-000009', '2026-000010', '2026-000011']));
    server.use(...caseCalls({ value: null }, []));
    const user = userEvent.setup();
    renderConsole('/backoffice/casos/2026-000010');
    await screen.findByRole('heading', { name: 'Caso nº 2026-000010' });
    const nav = screen.getByRole('navigation', { name: 'Casos da fila' });
    expect(within(nav).getByText('2 de 3 na fila')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Caso anterior/ })).toHaveAttribute('href', '/backoffice/casos/2026-000009');
    expect(within(nav).getByRole('link', { name: /Próximo caso/ })).toHaveAttribute('aria-keyshortcuts', 'j');

    await user.keyboard('c');
    expect(screen.getByLabelText('Comentário')).toHaveFocus();
    // In the box, 'j' is a letter of the comment.
    await user.keyboard('j');
    expect(screen.getByLabelText('Comentário')).toHaveValue('j');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Caso nº 2026-000010');

    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Atalhos de teclado' });
    expect(within(help).getByText('Atribuir a mim')).toBeInTheDocument();
    await user.click(within(help).getByRole('button', { name: 'Fechar' }));

    await user.keyboard('j');
    expect(await screen.findByRole('heading', { name: 'Caso nº 2026-000011' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Casos da fila' })).queryByRole('link', { name: /Próximo caso/ })).toBeNull();
    await user.keyboard('k');
    expect(await screen.findByRole('heading', { name: 'Caso nº 2026-000010' })).toBeInTheDocument();
  });
});

describe('queue: assignee column, selection and bulk actions', () => {
  it('selects per row or the whole page, confirms a close, and reports per case what did not apply', async () => {
    let sent: unknown = null;
    server.use(
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, ME)),
      http.get(route('/api/backoffice/colegas'), () => HttpResponse.json({ colegas: [ANA, BIA] })),
      http.get(route('/api/backoffice/casos/contagens'), () => dto(QueueCountsDto, { filas: [] })),
      http.get(route('/api/backoffice/casos'), () =>
        dto(QueuePageDto, {
          itens: [row('2026-000001', { id: 8, nome: 'Bia Colega' }), row('2026-000002'), row('2026-000003')],
          proximo: null,
          agora: '2026-11-16T14:00:00.000Z',
        }),
      ),
      http.post(route('/api/backoffice/casos/lote'), async ({ request }) => {
        sent = await request.json();
        return dto(BulkResultDto, {
          resultados: [
            { caso: '2026-000001', ok: true, mensagem: 'Encerrado (Concluído).' },
            { caso: '2026-000003', ok: false, mensagem: 'Este caso já está encerrado.' },
          ],
        });
      }),
      ...consoleSideCalls(),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice');
    const first = await screen.findByRole('row', { name: /2026-000001/ });
    expect(within(first).getByText('Bia Colega')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('guarita.console.ordemDaFila')!)).toEqual(['2026-000001', '2026-000002', '2026-000003']);

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    expect(screen.getByText('3 casos selecionados.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar caso 2026-000002' }));
    expect(screen.getByText('2 casos selecionados.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' })).toHaveProperty('indeterminate', true);

    // Atribuir (the default) needs a colleague first.
    await user.click(screen.getByRole('button', { name: 'Aplicar aos selecionados' }));
    expect(await screen.findByText(ASSIGNMENT_MSG.chooseColleague)).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.selectOptions(screen.getByLabelText('Ação em lote'), 'Encerrar');
    await user.click(screen.getByRole('button', { name: 'Aplicar aos selecionados' }));
    const confirm = await screen.findByRole('dialog', { name: 'Encerrar 2 casos?' });
    await user.click(within(confirm).getByRole('button', { name: 'Encerrar casos' }));
    const report = await screen.findByText(/Ação aplicada a 1 de 2 casos\./);
    expect(report).toHaveTextContent('Caso 2026-000003: Este caso já está encerrado.');
    expect(sent).toEqual({ casos: ['2026-000001', '2026-000003'], acao: { tipo: 'encerrar' } });
    // The case that failed stays selected.
    expect(screen.getByRole('checkbox', { name: 'Selecionar caso 2026-000003' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Selecionar caso 2026-000001' })).not.toBeChecked();
  });
});
