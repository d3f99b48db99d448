import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CaseDetailDto, CaseListDto, type CaseDto } from '@guarita/domain';
import { dto, http, route, server } from '../../../../test/msw';
import { aCase, fakeLogin } from '../../../../test/support-fixtures';
import { clearSession } from '../../../lib/session';
import { CaseList } from './CaseList';

/** 'Minhas solicitações' and the 'SOLICITAÇÃO DE SAC' comments view (001 §2; issue 9 §4). */

const SAC = aCase({ Id: 'aaaaaaaa-0000-4000-8000-000000000001', CaseNumber: '2026-000010', Fase__c: 'Análise', naoLido: true });
const TRACKER = aCase({
  Id: 'aaaaaaaa-0000-4000-8000-000000000002',
  CaseNumber: '2026-000011',
  Reason: 'Suporte',
  Subject: 'Suporte Rastreador',
  Status: 'Closed',
  Fase__c: 'Concluído',
  CreatedDate: '2026-11-20T10:00:00.000Z',
});
const CONTEST = aCase({
  Id: 'aaaaaaaa-0000-4000-8000-000000000003',
  CaseNumber: '2026-000012',
  Reason: 'Contestação',
  Subject: 'Contestação de Fatura',
  Fase__c: 'Aberto',
  CreatedDate: '2026-11-01T10:00:00.000Z',
});

const detail = (c: CaseDto, over: Partial<CaseDetailDto> = {}): CaseDetailDto => ({
  ...c,
  Description: 'Texto',
  nCtrId: 100101,
  eventos: [{ tipo: 'created', de: null, para: 'Aberto', autor: 'customer', CreatedDate: c.CreatedDate }],
  comentarios: [],
  anexos: [],
  ...over,
});

let list: CaseDto[];
let listCalls = 0;
beforeEach(() => {
  fakeLogin();
  listCalls = 0;
  list = [TRACKER, SAC, CONTEST]; // not in display order: the screen sorts
  server.use(
    http.get(route('/api/cases/contracts/{nCtrId}'), () => {
      listCalls++;
      return dto(CaseListDto, { casos: list });
    }),
    http.get(route('/api/cases/{caseId}'), ({ params }) => {
      if (params.caseId === SAC.Id) {
        list = list.map((c) => (c.Id === SAC.Id ? { ...c, naoLido: false } : c)); // opening marks it seen
        return dto(
          CaseDetailDto,
          detail(SAC, {
            comentarios: [
              { CommentBody: 'Um especialista vai ligar para você.', CreatedDate: '2026-11-22T17:05:00.000Z', autor: 'staff' },
              { CommentBody: 'Recebemos sua manifestação.', CreatedDate: '2026-11-11T12:30:00.000Z', autor: 'staff' },
            ],
            eventos: [
              { tipo: 'created', de: null, para: 'Aberto', autor: 'customer', CreatedDate: SAC.CreatedDate },
              { tipo: 'phase', de: 'Aberto', para: 'Análise', autor: 'staff', CreatedDate: '2026-11-11T12:00:00.000Z' },
            ],
          }),
        );
      }
      if (params.caseId === CONTEST.Id) {
        return dto(
          CaseDetailDto,
          detail(CONTEST, {
            comentarios: [
              {
                CommentBody: 'Sua solicitação foi reprovada. Motivo: A fatura já foi paga.',
                CreatedDate: '2026-11-21T12:00:00.000Z',
                autor: 'staff',
              },
            ],
            eventos: [
              { tipo: 'created', de: null, para: 'Aberto', autor: 'customer', CreatedDate: CONTEST.CreatedDate },
              { tipo: 'decision', de: null, para: 'reprovado', autor: 'staff', CreatedDate: '2026-11-21T12:00:00.000Z' },
            ],
          }),
        );
      }
      return dto(
        CaseDetailDto,
        detail(TRACKER, {
          eventos: [{ tipo: 'status', de: 'New', para: 'Closed', autor: 'staff', CreatedDate: '2026-11-21T10:00:00.000Z' }],
        }),
      );
    }),
  );
});
afterEach(() => clearSession());

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CaseList nCtrId={100101} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const region = () => screen.getByRole('region', { name: /Minhas solicitações/ });
const items = () => within(region()).getAllByRole('listitem');

describe('Minhas solicitações', () => {
  it('Aberto first, Concluído last; other phases shown as Em andamento; the unread marker', async () => {
    renderList();
    await within(region()).findByText('Contestação de Fatura');
    expect(within(region()).getByRole('button', { name: 'Minhas solicitações (3)' })).toHaveAttribute('aria-expanded', 'true');
    const rows = items().map((li) => li.textContent);
    expect(rows[0]).toMatch(/Contestação de Fatura.*2026-000012.*Aberto/);
    expect(rows[1]).toMatch(/Ouvidoria.*Nova atualização.*2026-000010.*Em andamento/);
    expect(rows[2]).toMatch(/Suporte Rastreador.*2026-000011.*Concluído/);
    expect(rows[2]).not.toContain('Nova atualização');
  });

  it('collapses and expands', async () => {
    const user = renderList();
    const toggle = await within(region()).findByRole('button', { name: 'Minhas solicitações (3)' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(region()).queryByRole('listitem')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(items()).toHaveLength(3);
  });

  it('says so when there is nothing in the last 3 months', async () => {
    list = [];
    renderList();
    expect(await screen.findByText('Nenhuma solicitação nos últimos 3 meses.')).toBeInTheDocument();
  });
});

describe("the 'SOLICITAÇÃO DE SAC' comments view", () => {
  it('a SAC case shows its badge and comments oldest first at UTC−3 with Portuguese months; closing clears the unread marker', async () => {
    const user = renderList();
    await user.click(await within(region()).findByRole('button', { name: /Ouvidoria/ }));
    const dialog = await screen.findByRole('dialog', { name: 'SOLICITAÇÃO DE SAC' });
    expect(dialog).toHaveTextContent('Protocolo 2026-000010');
    expect(within(dialog).getByText('Em andamento')).toBeInTheDocument();
    const comments = await within(dialog).findByRole('list', { name: 'Comentários' });
    const lines = within(comments)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(['11 nov 2026, 09:30Recebemos sua manifestação.', '22 nov 2026, 14:05Um especialista vai ligar para você.']);
    expect(within(dialog).getByRole('list', { name: 'Andamento' })).toHaveTextContent('Fase: Análise');
    const before = listCalls;
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
    await waitFor(() => expect(within(region()).queryByText('Nova atualização')).not.toBeInTheDocument());
  });

  it('a staff decision on a case that is not SAC shows its reason and the decision in the timeline', async () => {
    const user = renderList();
    await user.click(await within(region()).findByRole('button', { name: /Contestação de Fatura/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitação 2026-000012' });
    const comments = await within(dialog).findByRole('list', { name: 'Comentários' });
    expect(comments).toHaveTextContent('Sua solicitação foi reprovada. Motivo: A fatura já foi paga.');
    expect(within(dialog).getByRole('list', { name: 'Andamento' })).toHaveTextContent('Solicitação reprovada');
  });

  it('another case opens its own detail with the timeline', async () => {
    const user = renderList();
    await user.click(await within(region()).findByRole('button', { name: /Suporte Rastreador/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitação 2026-000011' });
    expect(await within(dialog).findByText('Nenhum comentário ainda.')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Andamento' })).toHaveTextContent('Status: Concluída');
  });
});
