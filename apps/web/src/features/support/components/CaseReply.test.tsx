import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CASE_REPLY_MSG, CaseCommentsDto, CaseDetailDto, CaseListDto, type CaseCommentDto, type CaseDto } from '@guarita/domain';
import { apiError, dto, http, route, server } from '../../../../test/msw';
import { aCase, fakeLogin } from '../../../../test/support-fixtures';
import { clearSession } from '../../../lib/session';
import { CaseList } from './CaseList';

/** Issue 24 item 19: the customer answers the desk's comments from the case view. */

const OPEN = aCase({ Id: 'bbbbbbbb-0000-4000-8000-000000000001', CaseNumber: '2026-000020', Fase__c: 'Análise' });
const DONE = aCase({
  Id: 'bbbbbbbb-0000-4000-8000-000000000002',
  CaseNumber: '2026-000021',
  Reason: 'Suporte',
  Subject: 'Suporte Rastreador',
  Status: 'Closed',
  Fase__c: 'Concluído',
});

let comments: CaseCommentDto[];
let sent: unknown[];
let answer: (() => Response) | null;
beforeEach(() => {
  fakeLogin();
  sent = [];
  answer = null;
  comments = [{ CommentBody: 'Podemos ligar amanhã?', CreatedDate: '2026-11-22T17:05:00.000Z', autor: 'staff' }];
  server.use(
    http.get(route('/api/cases/contracts/{nCtrId}'), () => dto(CaseListDto, { casos: [OPEN, DONE] })),
    http.get(route('/api/cases/{caseId}'), ({ params }) => {
      const c: CaseDto = params.caseId === OPEN.Id ? OPEN : DONE;
      return dto(CaseDetailDto, { ...c, Description: 'Texto', nCtrId: 100101, eventos: [], comentarios: comments, anexos: [] });
    }),
    http.post(route('/api/cases/{caseId}/comments'), async ({ request }) => {
      const body = (await request.json()) as { texto: string };
      sent.push(body);
      if (answer) return answer();
      comments = [...comments, { CommentBody: body.texto, CreatedDate: '2026-11-23T12:00:00.000Z', autor: 'customer' }];
      return dto(CaseCommentsDto, { comentarios: comments }, { status: 201 });
    }),
  );
});
afterEach(() => clearSession());

async function openCase(name: RegExp) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CaseList nCtrId={100101} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('list', { name: 'Comentários' });
  return { user, dialog };
}

describe('answering the desk in a case', () => {
  it('sends the answer, shows it as the customer’s under the desk’s comment, and clears the field', async () => {
    const { user, dialog } = await openCase(/Ouvidoria/);
    const field = within(dialog).getByRole('textbox', { name: CASE_REPLY_MSG.label });
    await user.type(field, 'Sim, depois das 14h.');
    await user.click(within(dialog).getByRole('button', { name: CASE_REPLY_MSG.send }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(CASE_REPLY_MSG.sent);
    expect(sent).toEqual([{ texto: 'Sim, depois das 14h.' }]);
    const lines = within(within(dialog).getByRole('list', { name: 'Comentários' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(['22 nov 2026, 14:05Podemos ligar amanhã?', '23 nov 2026, 09:00 · VocêSim, depois das 14h.']);
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
  });

  it('an empty answer is not sent: the field says why', async () => {
    const { user, dialog } = await openCase(/Ouvidoria/);
    await user.click(within(dialog).getByRole('button', { name: CASE_REPLY_MSG.send }));
    const field = within(dialog).getByRole('textbox', { name: CASE_REPLY_MSG.label });
    expect(field).toHaveAccessibleDescription(expect.stringContaining(CASE_REPLY_MSG.required));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('a refusal shows the server’s words; a failure the generic text, and the answer stays to send again', async () => {
    const { user, dialog } = await openCase(/Ouvidoria/);
    const field = within(dialog).getByRole('textbox', { name: CASE_REPLY_MSG.label });
    answer = () => apiError(409, 'CASE_CLOSED', CASE_REPLY_MSG.closed);
    await user.type(field, 'Mais uma coisa.');
    await user.click(within(dialog).getByRole('button', { name: CASE_REPLY_MSG.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CASE_REPLY_MSG.closed);
    answer = () => apiError(503, 'UNAVAILABLE', 'Serviço indisponível.');
    await user.click(within(dialog).getByRole('button', { name: CASE_REPLY_MSG.send }));
    expect(await within(dialog).findByText(CASE_REPLY_MSG.failed)).toBeInTheDocument();
    expect(field).toHaveValue('Mais uma coisa.');
  });

  it('a case opened again (its detail already read) opens on its title, not in the answer box', async () => {
    const { user, dialog } = await openCase(/Ouvidoria/);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await user.click(await screen.findByRole('button', { name: /Ouvidoria/ }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole('textbox', { name: CASE_REPLY_MSG.label })).toBeInTheDocument();
    expect(within(again).getByRole('heading', { level: 2, name: 'SOLICITAÇÃO DE SAC' })).toHaveFocus();
  });

  it('a concluded case has no answer box', async () => {
    const { dialog } = await openCase(/Suporte Rastreador/);
    expect(within(dialog).queryByRole('textbox', { name: CASE_REPLY_MSG.label })).not.toBeInTheDocument();
  });
});
