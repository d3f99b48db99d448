import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_REPLY_MSG, SUPPORT_MSG } from '@guarita/domain';
import { createTestApp, type TestApp } from './helpers';
import { staffRequest } from './staff-helpers';
import { aLoggedInCustomer, aStaffMember, type Customer } from './factories';

/** Issue 24 item 19: the customer answers the service desk's comments in the case view; the desk reads it. */
describe('a customer’s reply in a support case', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  /** A customer of the test's own (ADR 070) with a fresh cancellation case on its contract, and the desk's first comment. */
  const openCase = async () => {
    const customer = await aLoggedInCustomer(t);
    const res = await customer.call(
      'POST',
      `/api/cases/contracts/${customer.contract.nCtrId}`,
      { tipo: 'cancelamento', telefone: '(31) 98765-4321', motivo: 'Preço', detalhe: 'Ficou caro para mim.' },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBe(201);
    const c = res.json() as { Id: string; CaseNumber: string };
    await t.app.caseSystem.addComment(c.Id, 'Podemos oferecer um desconto?', 'staff');
    return { ...c, customer };
  };
  const reply = (who: Customer, caseId: string, texto: unknown) => who.call('POST', `/api/cases/${caseId}/comments`, { texto });
  const closeCase = (id: string) => t.app.caseSystem.close(id, 'staff');

  it('is stored as the customer’s comment, in the timeline, answered with every comment; the desk sees it as the customer’s', async () => {
    const c = await openCase();
    const res = await reply(c.customer, c.Id, '  Sim, quero saber o valor.\nPode ligar à tarde.  ');
    expect(res.statusCode).toBe(201);
    expect(res.json().comentarios.map((m: { CommentBody: string; autor: string }) => [m.autor, m.CommentBody])).toEqual([
      ['staff', 'Podemos oferecer um desconto?'],
      ['customer', 'Sim, quero saber o valor.\nPode ligar à tarde.'],
    ]);
    const detail = (await c.customer.call('GET', `/api/cases/${c.Id}`)).json();
    expect(detail.eventos.at(-1)).toMatchObject({ tipo: 'comment', autor: 'customer' });
    // The customer's own comment is no 'Nova atualização' for the customer, and notifies nobody.
    const listed = (await c.customer.call('GET', `/api/cases/contracts/${c.customer.contract.nCtrId}`)).json();
    expect(listed.casos).toEqual([expect.objectContaining({ Id: c.Id, naoLido: false })]);

    const desk = await aStaffMember(t, 'atendimento');
    const page = await staffRequest(t, desk.token, 'GET', `/api/backoffice/casos/${c.CaseNumber}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().comentarios).toContainEqual(
      expect.objectContaining({ autor: 'customer', texto: 'Sim, quero saber o valor.\nPode ligar à tarde.' }),
    );
  });

  it('validates the text: empty, blank, too long or with control characters is 400 and stores nothing', async () => {
    const c = await openCase();
    for (const [texto, message] of [
      ['', CASE_REPLY_MSG.required],
      ['   \n ', CASE_REPLY_MSG.required],
      [undefined, CASE_REPLY_MSG.required],
      ['x'.repeat(2001), 'O texto pode ter no máximo 2000 caracteres.'],
      ['a\u0000b', 'O texto contém caracteres inválidos.'],
    ] as const) {
      const res = await reply(c.customer, c.Id, texto);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensagem).toBe(message);
    }
    const comments = await c.customer.call('GET', `/api/cases/${c.Id}/comments`);
    expect(comments.json().comentarios).toHaveLength(1);
  });

  it('IDOR: another customer’s case and an unknown one are 404 and get no comment; a concluded case is 409', async () => {
    const c = await openCase();
    const stranger = await aLoggedInCustomer(t);
    const other = await reply(stranger, c.Id, 'Não é meu.');
    expect(other.statusCode).toBe(404);
    expect(other.json().mensagem).toBe(SUPPORT_MSG.caseNotFound);
    expect((await reply(c.customer, randomUUID(), 'Olá')).statusCode).toBe(404);
    expect((await reply(c.customer, 'nao-e-um-id', 'Olá')).statusCode).toBe(400);
    const unauthenticated = await t.app.inject({ method: 'POST', url: `/api/cases/${c.Id}/comments`, payload: { texto: 'Olá' } });
    expect(unauthenticated.statusCode).toBe(401);
    const comments = await c.customer.call('GET', `/api/cases/${c.Id}/comments`);
    expect(comments.json().comentarios).toHaveLength(1);

    await closeCase(c.Id);
    const closed = await reply(c.customer, c.Id, 'Mais uma coisa.');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ erro: 'CASE_CLOSED', mensagem: CASE_REPLY_MSG.closed });
  });
});
