import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUDIT_MSG,
  AuditPageDto,
  QueueCountsDto,
  QueuePageDto,
  STAFF_MSG,
  StaffCaseDto,
  StaffMeDto,
  type StaffRole,
} from '@guarita/domain';
import { apiError, dto, http, recordRequests, route, server } from '../../../../test/msw';
import { renderConsole } from './render-console';

const me = (papel: StaffRole): StaffMeDto => ({
  id: 9,
  email: `${papel}@guarita.example`,
  nome: 'Ana Equipe',
  papel,
  inatividadeSegundos: 1800,
});
const asRole = (papel: StaffRole) => server.use(http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, me(papel))));
const h1 = () => screen.findByRole('heading', { level: 1 });

const ENTRY = {
  id: 41,
  quem: 'atendimento@guarita.example',
  papel: 'atendimento',
  acao: 'caso.fase',
  caso: '2026-000123',
  cliente: 7,
  antes: { fase: 'Aberto' },
  depois: { fase: 'Análise', motivo: 'Documentos completos' },
  ip: '10.0.0.1',
  quando: '2026-11-16T13:00:00.000Z',
};

describe('console pages (issue 30)', () => {
  it("admin's audit log: entries with their before/after, filters checked in the form, paging, CSV with the filters", async () => {
    asRole('admin');
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(route('/api/backoffice/auditoria'), ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        return q.get('cursor')
          ? dto(AuditPageDto, {
              itens: [{ ...ENTRY, id: 40, acao: 'login', caso: null, cliente: null, antes: null, depois: null }],
              proximo: null,
            })
          : dto(AuditPageDto, { itens: [ENTRY], proximo: 'abc' });
      }),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice/auditoria');
    expect(await h1()).toHaveTextContent('Auditoria');
    expect(document.title).toBe('Auditoria — Console Guarita');
    const entries = await screen.findByRole('list', { name: 'Registros da auditoria' });
    expect(within(entries).getByText('caso.fase')).toBeInTheDocument();
    await user.click(within(entries).getByText('Ver antes e depois (2 campos)'));
    const fields = within(entries)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, ...[...dt.parentElement!.querySelectorAll('dd')].map((dd) => dd.textContent)]);
    expect(fields).toEqual([
      ['fase', 'AntesAberto', 'DepoisAnálise'],
      ['motivo', 'Antes—', 'DepoisDocumentos completos'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await within(entries).findByText('login')).toBeInTheDocument();
    expect(asked.at(-1)!.get('cursor')).toBe('abc');

    // Bad filters are said at their fields, in pt-BR, and never sent.
    const sent = asked.length;
    await user.type(screen.getByLabelText('Caso'), '123');
    await user.type(screen.getByLabelText('E-mail de quem fez'), 'fulano');
    await user.type(screen.getByLabelText('De'), '2026-03-10');
    await user.type(screen.getByLabelText('Até'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText(AUDIT_MSG.caseNumber)).toBeInTheDocument();
    expect(screen.getByText(AUDIT_MSG.email)).toBeInTheDocument();
    expect(screen.getByText(AUDIT_MSG.periodOrder)).toBeInTheDocument();
    expect(asked).toHaveLength(sent);

    await user.clear(screen.getByLabelText('Caso'));
    await user.type(screen.getByLabelText('Caso'), '2026-000123');
    await user.clear(screen.getByLabelText('E-mail de quem fez'));
    await user.clear(screen.getByLabelText('Até'));
    await user.type(screen.getByLabelText('Até'), '2026-03-31');
    await user.type(screen.getByLabelText('CPF/CNPJ do cliente'), '529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(asked).toHaveLength(sent + 1));
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({
      caso: '2026-000123',
      cliente: '52998224725',
      de: '2026-03-10',
      ate: '2026-03-31',
    });
    expect(screen.getByRole('link', { name: 'Exportar CSV (com estes filtros)' })).toHaveAttribute(
      'href',
      '/api/backoffice/auditoria.csv?caso=2026-000123&cliente=52998224725&de=2026-03-10&ate=2026-03-31',
    );
  });

  it.each([
    ['atendimento', '/backoffice/financeiro', 'Atendimento'],
    ['sinistros', '/backoffice/financeiro', 'Sinistros'],
    ['financeiro', '/backoffice/auditoria', 'Financeiro'],
    ['sinistros', '/backoffice/auditoria', 'Sinistros'],
  ] as const)('%s opening %s by its address sees one "not for your role" page', async (papel, at, label) => {
    asRole(papel);
    const requests = recordRequests();
    renderConsole(at);
    expect(await h1()).toHaveTextContent('Página não disponível para o seu perfil');
    expect(screen.getByText(`O perfil ${label} não tem acesso a esta página.`, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início do console' })).toHaveAttribute('href', '/backoffice');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    // The page asked nothing it was going to be refused.
    expect(requests.paths().filter((p) => !p.endsWith('/auth/me'))).toEqual([]);
    requests.stop();
  });

  it('a case of another desk (404) is a page with its h1, not a retry; a server error keeps the retry', async () => {
    asRole('atendimento');
    server.use(http.get(route('/api/backoffice/casos/{caseNumber}'), () => apiError(404, 'NOT_FOUND', STAFF_MSG.caseNotFound)));
    renderConsole('/backoffice/casos/2026-000999');
    expect(await h1()).toHaveTextContent('Caso não encontrado');
    expect(document.title).toBe('Caso não encontrado — Console Guarita');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();

    server.use(http.get(route('/api/backoffice/casos/{caseNumber}'), () => apiError(503, 'UNAVAILABLE', 'Serviço indisponível.')));
    renderConsole('/backoffice/casos/2026-000998');
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('an address of no console page says so in the console', async () => {
    asRole('admin');
    renderConsole('/backoffice/nada-aqui');
    expect(await h1()).toHaveTextContent('Página não encontrada');
  });

  it('a request refused with 401 takes the case off the screen and shows the login; after it, the same case again', async () => {
    let session = true;
    server.use(
      http.get(route('/api/backoffice/auth/me'), () =>
        session ? dto(StaffMeDto, me('sinistros')) : apiError(401, 'UNAUTHORIZED', STAFF_MSG.sessionEnded),
      ),
      http.post(route('/api/backoffice/auth/login'), () => {
        session = true;
        return dto(StaffMeDto, me('sinistros'));
      }),
      http.get(route('/api/backoffice/casos/{caseNumber}'), () =>
        session ? dto(StaffCaseDto, CASE) : apiError(401, 'UNAUTHORIZED', STAFF_MSG.sessionEnded),
      ),
      http.post(route('/api/backoffice/casos/{caseNumber}/comentarios'), () => {
        session = false;
        return apiError(401, 'UNAUTHORIZED', STAFF_MSG.sessionEnded);
      }),
      http.get(route('/api/backoffice/casos'), () => dto(QueuePageDto, { itens: [], proximo: null, agora: '2026-11-16T14:00:00.000Z' })),
      http.get(route('/api/backoffice/casos/contagens'), () => dto(QueueCountsDto, { filas: [] })),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice/casos/2026-000007');
    expect(await h1()).toHaveTextContent('Caso nº 2026-000007');
    expect(document.title).toBe('Caso nº 2026-000007 — Console Guarita');
    expect(screen.getByText(/Maria Aparecida Souza/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Comentário' }), 'Olá');
    await user.click(screen.getByRole('button', { name: 'Enviar comentário' }));
    expect(await screen.findByText(STAFF_MSG.sessionEnded)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Console Guarita');
    expect(screen.queryByText(/Maria Aparecida Souza/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail'), 'sinistros@guarita.example');
    await user.type(screen.getByLabelText('Senha'), 'x');
    await user.type(screen.getByLabelText('Código do autenticador'), '123456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Caso nº 2026-000007' })).toHaveFocus();
  });
});

const CASE: StaffCaseDto = {
  caso: {
    Id: 'c1',
    CaseNumber: '2026-000007',
    Reason: 'Alteração Cadastral',
    Subject: 'Dados cadastrais',
    Status: 'New',
    Fase__c: 'Aberto',
    CreatedDate: '2026-11-16T13:00:00.000Z',
    nCtrId: 100101,
    Description: 'Trocar e-mail.',
    tipoSolicitacao: 'dados-cadastrais',
  },
  cliente: { nome: 'Maria Aparecida Souza', documento: '529.***.***-25' },
  solicitacao: {},
  anexos: [],
  historico: [],
  comentarios: [],
  notasInternas: [],
  proximasFases: ['Análise'],
  sinistro: null,
  podeDecidir: false,
  podeReabrir: false,
  proposta: null,
};
