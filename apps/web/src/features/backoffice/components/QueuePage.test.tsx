import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewCasesDto, QUEUE_MSG, QUEUE_SEARCH_MSG, QueueCountsDto, QueuePageDto, StaffMeDto } from '@guarita/domain';
import { dto, http, route, server } from '../../../../test/msw';
import { renderConsole } from './render-console';

const ME: StaffMeDto = {
  id: 1,
  email: 'atendimento@guarita.example',
  nome: 'Ana Atendimento',
  papel: 'atendimento',
  inatividadeSegundos: 1800,
};

const item = (n: string, over: Partial<QueuePageDto['itens'][number]['sla']>) => ({
  Id: n,
  CaseNumber: n,
  Reason: 'SAC',
  Subject: 'Ouvidoria',
  Status: 'New' as const,
  Fase__c: 'Aberto',
  CreatedDate: '2026-11-25T08:00:00.000Z',
  nCtrId: 100101,
  documento: '529.***.***-25',
  responsavel: null,
  sla: { prazo: '2026-11-26T08:00:00.000Z', idadeMinutos: 3 * 1440 + 4 * 60, restanteMinutos: 60, estourado: false, ...over },
});

describe('the queue page (issue 30 items 6, 11, 13)', () => {
  it('checks the filters in the form (pt-BR, on the field, nothing sent), shows age, time left and the breach in words, and sorts by header', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, ME)),
      http.get(route('/api/backoffice/casos/contagens'), () => dto(QueueCountsDto, { filas: [] })),
      http.get(route('/api/backoffice/casos/novos'), () => dto(NewCasesDto, { novos: 2 })),
      http.get(route('/api/backoffice/casos'), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return dto(QueuePageDto, {
          itens: [item('2026-000001', { restanteMinutos: -125, estourado: true }), item('2026-000002', { restanteMinutos: 300 })],
          proximo: null,
          agora: '2026-11-28T12:00:00.000Z',
        });
      }),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice');
    const late = await screen.findByRole('row', { name: /2026-000001/ });
    expect(within(late).getByText('Estourado há 2 h 5 min')).toBeInTheDocument();
    expect(within(late).getByText('há 3 d 4 h')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /2026-000002/ })).getByText('5 h')).toBeInTheDocument();
    expect(asked.at(-1)!.get('ordem')).toBe('restante');

    // The live region says how many new cases there are.
    expect(await screen.findByRole('button', { name: '2 casos novos — mostrar' })).toBeInTheDocument();

    const before = asked.length;
    await user.type(screen.getByLabelText('Idade mínima (dias)'), '-3');
    await user.type(screen.getByLabelText('Buscar'), 'a');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText(QUEUE_MSG.age)).toBeInTheDocument();
    expect(screen.getByText(QUEUE_SEARCH_MSG.tooShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Idade mínima (dias)')).toHaveAttribute('aria-invalid', 'true');
    expect(asked.length).toBe(before);

    const header = screen.getByRole('columnheader', { name: /Tempo restante/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(asked.at(-1)!.get('ordem')).toBe('restante-desc');
  });

  it('keeps the last rows marked busy while a new search loads, so a stale row is not taken for a result', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, ME)),
      http.get(route('/api/backoffice/casos/contagens'), () => dto(QueueCountsDto, { filas: [] })),
      http.get(route('/api/backoffice/casos/novos'), () => dto(NewCasesDto, { novos: 0 })),
      http.get(route('/api/backoffice/casos'), async ({ request }) => {
        const searched = new URL(request.url).searchParams.has('busca');
        if (searched) await held;
        return dto(QueuePageDto, {
          itens: [item(searched ? '2026-000009' : '2026-000001', {})],
          proximo: null,
          agora: '2026-11-28T12:00:00.000Z',
        });
      }),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice');
    await screen.findByRole('row', { name: /2026-000001/ });
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
    await user.type(screen.getByLabelText('Buscar'), '2026-000009');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await vi.waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('row', { name: /2026-000001/ })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('row', { name: /2026-000009/ })).toBeInTheDocument();
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
  });
});
