import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewCasesDto, QueueCountsDto, QueuePageDto, STAFF_MSG, StaffCaseDto, StaffMeDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, recordRequests, route, server } from '../../../../test/msw';
import { consoleSideCalls } from '../../../../test/console-handlers';
import { renderConsole } from './render-console';

const ME: StaffMeDto = {
  id: 2,
  email: 'sinistros@guarita.example',
  nome: 'Sérgio Sinistros',
  papel: 'sinistros',
  inatividadeSegundos: 1800,
};

const CASE: StaffCaseDto = {
  caso: {
    Id: 'c1',
    CaseNumber: '2026-000007',
    Reason: 'Colisão',
    Subject: 'Sinistro',
    Status: 'New',
    Fase__c: 'Documentação',
    CreatedDate: '2026-11-16T13:00:00.000Z',
    nCtrId: 100101,
    Description: 'Bateram na lateral.',
    tipoSolicitacao: 'sinistro',
  },
  cliente: { nome: 'Maria Aparecida Souza', documento: '529.***.***-25' },
  solicitacao: { Descricao_do_ocorrido__c: 'Bateram na lateral.', Condutor__c: 'Maria Aparecida Souza' },
  anexos: [],
  historico: [{ tipo: 'created', de: null, para: 'Aberto', autor: 'customer', CreatedDate: '2026-11-16T13:00:00.000Z' }],
  comentarios: [],
  notasInternas: [{ texto: 'Ligar amanhã.', autor: 'Sérgio Sinistros', CreatedDate: '2026-11-17T13:00:00.000Z' }],
  proximasFases: ['Análise', 'Pré-Análise'],
  sinistro: {
    Qualificado_como_PT__c: false,
    tipos: [{ Id: 'cnh', Titulo: 'CNH do condutor', Obrigatorio: true, instrucoes: 'x' }],
    fotos: [
      {
        tipo: 'cnh',
        titulo: 'CNH do condutor',
        obrigatorio: true,
        enviada: true,
        contentType: 'image/jpeg',
        Aprovacao: null,
        TextoReprovacao: null,
        enviadaEm: '2026-11-16T13:05:00.000Z',
        qualidade: { nitidez: 42, brilho: 0.54, largura: 1500, altura: 1125 },
      },
    ],
  },
  podeDecidir: false,
  podeReabrir: false,
  proposta: null,
};

describe('staff console', () => {
  it('without a session shows the login; e-mail, password and TOTP code log in and open the queue', async () => {
    let loggedIn = false;
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/auth/me'), () =>
        loggedIn ? dto(StaffMeDto, ME) : apiError(401, 'UNAUTHORIZED', STAFF_MSG.sessionEnded),
      ),
      http.post(route('/api/backoffice/auth/login'), async ({ request }) => {
        const body = (await request.json()) as { codigo: string };
        if (body.codigo !== '123456') return apiError(401, 'INVALID_LOGIN', STAFF_MSG.invalidLogin);
        loggedIn = true;
        return dto(StaffMeDto, ME);
      }),
      http.get(route('/api/backoffice/casos'), () =>
        dto(QueuePageDto, {
          itens: [
            {
              Id: 'c1',
              CaseNumber: '2026-000007',
              Reason: 'Colisão',
              Subject: 'Sinistro',
              Status: 'New',
              Fase__c: 'Documentação',
              CreatedDate: '2026-11-16T13:00:00.000Z',
              nCtrId: 100101,
              documento: '529.***.***-25',
              responsavel: null,
              sla: { prazo: '2026-11-19T13:00:00.000Z', idadeMinutos: 4560, restanteMinutos: 120, estourado: false },
            },
          ],
          proximo: null,
          agora: '2026-11-19T11:00:00.000Z',
        }),
      ),
      http.get(route('/api/backoffice/casos/contagens'), () => dto(QueueCountsDto, { filas: [{ motivo: 'Colisão', abertos: 1 }] })),
      http.get(route('/api/backoffice/casos/novos'), () => dto(NewCasesDto, { novos: 0 })),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice');
    expect(await screen.findByRole('heading', { name: 'Console Guarita' })).toBeInTheDocument();
    // Validation in pt-BR before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(STAFF_MSG.email)).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'sinistros@guarita.example');
    await user.type(screen.getByLabelText('Senha'), 'guarita-demo-2026');
    await user.type(screen.getByLabelText('Código do autenticador'), '000000');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(STAFF_MSG.invalidLogin)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código do autenticador'), '123456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Fila de casos' })).toBeInTheDocument();
    expect(screen.getByText('Sérgio Sinistros · Sinistros')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /2026-000007/ });
    expect(within(row).getByText('529.***.***-25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Colisão: 1 aberto' })).toBeInTheDocument();
  });

  it('case detail: rejecting a photo needs a reason, then sends it; the phase select offers only the allowed phases', async () => {
    const calls = recordRequests();
    let review: unknown = null;
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, ME)),
      http.get(route('/api/backoffice/casos/{caseNumber}'), () => dto(StaffCaseDto, CASE)),
      http.post(route('/api/backoffice/casos/{caseNumber}/fotos/{typeId}/revisao'), async ({ request }) => {
        review = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(route('/api/backoffice/casos/{caseNumber}/fase'), () =>
        apiError(409, 'PHASE_NOT_ALLOWED', STAFF_MSG.phaseNotAllowed('Documentação', 'Análise')),
      ),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice/casos/2026-000007');
    expect(await screen.findByRole('heading', { name: 'Caso nº 2026-000007' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto: CNH do condutor' })).toHaveAttribute(
      'src',
      '/api/backoffice/casos/2026-000007/fotos/cnh',
    );
    // The server's quality measures beside the photo, with the warning in words (ADR 090).
    expect(screen.getByText('Nitidez 42 · Brilho 54% · 1500×1125')).toBeInTheDocument();
    expect(screen.getByText(/Atenção: tremida/)).toBeInTheDocument();
    expect(screen.getByText(/Ligar amanhã\./)).toBeInTheDocument();
    const phases = screen.getByLabelText('Nova fase');
    expect(
      within(phases)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Análise', 'Pré-Análise']);

    await user.click(screen.getByRole('button', { name: 'Reprovar CNH do condutor' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar reprovação' }));
    expect(await screen.findByText(STAFF_MSG.reasonRequired)).toBeInTheDocument();
    expect(review).toBeNull();
    await user.type(screen.getByLabelText('Motivo da reprovação (CNH do condutor)'), 'CNH ilegível.');
    await user.click(screen.getByRole('button', { name: 'Confirmar reprovação' }));
    await screen.findByRole('button', { name: 'Reprovar CNH do condutor' });
    expect(review).toEqual({ aprovacao: false, textoReprovacao: 'CNH ilegível.' });

    await user.click(screen.getByRole('button', { name: 'Mover fase' }));
    expect(await screen.findByText(STAFF_MSG.phaseNotAllowed('Documentação', 'Análise'))).toBeInTheDocument();
    // The console never sends the customer's bearer token.
    expect(calls.seen.every((r) => !r.headers.has('authorization'))).toBe(true);
    calls.stop();
  });

  it('a login slowed down after wrong passwords says how long to wait, in Portuguese', async () => {
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/auth/me'), () => apiError(401, 'UNAUTHORIZED', STAFF_MSG.sessionEnded)),
      http.post(route('/api/backoffice/auth/login'), () => apiError(429, 'RATE_LIMITED', STAFF_MSG.tryAgainIn(8))),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice');
    await user.type(await screen.findByLabelText('E-mail'), 'sinistros@guarita.example');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.type(screen.getByLabelText('Código do autenticador'), '123456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas. Tente novamente em 8 segundos.');
    expect(STAFF_MSG.tryAgainIn(1)).toBe('Muitas tentativas. Tente novamente em 1 segundo.');
    expect(STAFF_MSG.tryAgainIn(256)).toBe('Muitas tentativas. Tente novamente em 5 minutos.');
  });

  it('a session that ended (idle timeout) brings the login back with the notice', async () => {
    let live = true;
    server.use(
      ...consoleSideCalls(),
      http.get(route('/api/backoffice/auth/me'), () =>
        live ? dto(StaffMeDto, ME) : apiError(401, 'UNAUTHORIZED', STAFF_MSG.sessionEnded),
      ),
      http.get(route('/api/backoffice/casos/{caseNumber}'), () => {
        live = false;
        return apiError(401, 'UNAUTHORIZED', STAFF_MSG.sessionEnded);
      }),
    );
    renderConsole('/backoffice/casos/2026-000007');
    expect(await screen.findByRole('heading', { name: 'Console Guarita' })).toBeInTheDocument();
    expect(screen.getByText(STAFF_MSG.sessionEnded)).toBeInTheDocument();
  });
});
