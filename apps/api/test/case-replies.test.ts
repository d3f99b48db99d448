import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_REPLY_MSG, SUPPORT_MSG } from '@guarita/domain';
import { FixedClock } from '../src/ports/clock';
import { CPF_JOAO, CPF_MARIA, createTestApp, type TestApp } from './helpers';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';

/** Issue 24 item 19: the customer answers the service desk's comments in the case view; the desk reads it. */
describe('a customer’s reply in a support case', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  const token: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const doc of [CPF_MARIA, CPF_JOAO]) token[doc] = (await t.login(doc)).AccessToken;
  }, 180_000);
  afterAll(() => t?.close());

  const auth = (who: string) => ({ authorization: `Bearer ${token[who]}` });
  /** A fresh ombudsman case of Maria's (100101), with the desk's first comment. */
  const openCase = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cases/contracts/100101',
      headers: { ...auth(CPF_MARIA), 'idempotency-key': randomUUID() },
      payload: { tipo: 'cancelamento', telefone: '(31) 98765-4321', motivo: 'Preço', detalhe: 'Ficou caro para mim.' },
    });
    expect(res.statusCode).toBe(201);
    const c = res.json() as { Id: string; CaseNumber: string };
    await t.app.caseSystem.addComment(c.Id, 'Podemos oferecer um desconto?', 'staff');
    return c;
  };
  const reply = (caseId: string, texto: unknown, who = CPF_MARIA) =>
    t.app.inject({ method: 'POST', url: `/api/cases/${caseId}/comments`, headers: auth(who), payload: { texto } });
  const closeCase = (id: string) => t.app.caseSystem.close(id, 'staff');

  it('is stored as the customer’s comment, in the timeline, answered with every comment; the desk sees it as the customer’s', async () => {
    const c = await openCase();
    const res = await reply(c.Id, '  Sim, quero saber o valor.\nPode ligar à tarde.  ');
    expect(res.statusCode).toBe(201);
    expect(res.json().comentarios.map((m: { CommentBody: string; autor: string }) => [m.autor, m.CommentBody])).toEqual([
      ['staff', 'Podemos oferecer um desconto?'],
      ['customer', 'Sim, quero saber o valor.\nPode ligar à tarde.'],
    ]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/cases/${c.Id}`, headers: auth(CPF_MARIA) })).json();
    expect(detail.eventos.at(-1)).toMatchObject({ tipo: 'comment', autor: 'customer' });
    // The customer's own comment is no 'Nova atualização' for the customer, and notifies nobody.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/cases/contracts/100101', headers: auth(CPF_MARIA) })).json();
    expect(listed.casos.find((x: { Id: string }) => x.Id === c.Id).naoLido).toBe(false);

    const desk = await staffLogin(t, clock, STAFF.atendimento);
    const page = await staffRequest(t, desk, 'GET', `/api/backoffice/casos/${c.CaseNumber}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().comentarios).toContainEqual(
      expect.objectContaining({ autor: 'customer', texto: 'Sim, quero saber o valor.\nPode ligar à tarde.' }),
    );
    await closeCase(c.Id);
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
      const res = await reply(c.Id, texto);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensagem).toBe(message);
    }
    const comments = await t.app.inject({ method: 'GET', url: `/api/cases/${c.Id}/comments`, headers: auth(CPF_MARIA) });
    expect(comments.json().comentarios).toHaveLength(1);
    await closeCase(c.Id);
  });

  it('IDOR: another customer’s case and an unknown one are 404 and get no comment; a concluded case is 409', async () => {
    const c = await openCase();
    const joao = await reply(c.Id, 'Não é meu.', CPF_JOAO);
    expect(joao.statusCode).toBe(404);
    expect(joao.json().mensagem).toBe(SUPPORT_MSG.caseNotFound);
    expect((await reply(randomUUID(), 'Olá')).statusCode).toBe(404);
    expect((await reply('nao-e-um-id', 'Olá')).statusCode).toBe(400);
    const unauthenticated = await t.app.inject({ method: 'POST', url: `/api/cases/${c.Id}/comments`, payload: { texto: 'Olá' } });
    expect(unauthenticated.statusCode).toBe(401);
    const comments = await t.app.inject({ method: 'GET', url: `/api/cases/${c.Id}/comments`, headers: auth(CPF_MARIA) });
    expect(comments.json().comentarios).toHaveLength(1);

    await closeCase(c.Id);
    const closed = await reply(c.Id, 'Mais uma coisa.');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ erro: 'CASE_CLOSED', mensagem: CASE_REPLY_MSG.closed });
  });
});
