import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_MSG, NOTIFICATION_MSG, type NotificationDto } from '@guarita/domain';
import { createTestApp, CPF_JOAO, CPF_MARIA, type LoginResult, type TestApp } from './helpers';
import { FixedClock } from '../src/ports/clock';
import { SmtpNotifier } from '../src/ports/notifier';
import { NotificationsRepository } from '../src/modules/notifications/repository';
import { NotificationWorker } from '../src/modules/notifications/worker';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';
import { unitOfWork } from '../src/db/unit-of-work';

/** Customer notifications (issue 13 §3): transactional outbox, delivery worker, customer routes. */
describe('notifications', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  let sinistros: string;
  let atendimento: string;
  let maria: LoginResult;
  let joao: LoginResult;
  let collision: string; // 100101's open collision claim
  let registration: string; // 100104's open registration change

  const caseNumberOf = async (where: string) =>
    (await t.query<{ case_number: string }>(`SELECT case_number FROM cases WHERE ${where} ORDER BY created_at LIMIT 1`))[0]!.case_number;
  const list = async (who: LoginResult): Promise<NotificationDto[]> => {
    const res = await t.get('/api/notifications?limite=50', who.AccessToken);
    expect(res.statusCode).toBe(200);
    return res.json().itens;
  };
  const unread = async (who: LoginResult) => (await t.get('/api/notifications/unread-count', who.AccessToken)).json().naoLidas as number;
  const call = (who: LoginResult, method: 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.AccessToken}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const jobs = (customerId?: number) =>
    t.query<{ status: string; attempts: number; idempotency_key: string; last_error: string | null }>(
      `SELECT j.status, j.attempts, j.idempotency_key, j.last_error FROM notification_jobs j JOIN notifications n ON n.id = j.notification_id
       ${customerId ? 'WHERE n.customer_id = $1' : ''} ORDER BY j.id`,
      customerId ? [customerId] : [],
    );
  const customerId = async (doc: string) => (await t.query<{ id: number }>('SELECT id FROM customers WHERE document = $1', [doc]))[0]!.id;
  const emailsTo = (to: string, subject: string) =>
    t.notifier.sent.filter((n) => n.channel === 'email' && n.to === to && n.subject.includes(subject));

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { NOTIFY_RETRY_BASE_SECONDS: '0' } });
    sinistros = await staffLogin(t, clock, STAFF.sinistros);
    atendimento = await staffLogin(t, clock, STAFF.atendimento);
    maria = await t.login(CPF_MARIA);
    joao = await t.login(CPF_JOAO);
    collision = await caseNumberOf(`n_ctr_id = 100101 AND reason = 'Colisão' AND status = 'New'`);
    registration = await caseNumberOf(`n_ctr_id = 100104 AND request_type = 'dados-cadastrais'`);
  });
  afterAll(() => t?.close());

  it('staff phase change, comment and photo rejection reach the customer; the list is newest first and paged', async () => {
    const before = await unread(maria);
    expect(
      (
        await staffRequest(t, sinistros, 'POST', `/api/backoffice/casos/${collision}/fotos/cnh/revisao`, {
          aprovacao: false,
          textoReprovacao: 'CNH ilegível.',
        })
      ).statusCode,
    ).toBe(204);
    expect((await staffRequest(t, sinistros, 'POST', `/api/backoffice/casos/${collision}/fase`, { fase: 'Análise' })).statusCode).toBe(204);
    expect(
      (await staffRequest(t, sinistros, 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'Recebemos o B.O.' }))
        .statusCode,
    ).toBe(204);
    // a staff-only note is not the customer's business
    expect(
      (await staffRequest(t, sinistros, 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'nota', interno: true }))
        .statusCode,
    ).toBe(204);
    expect(await unread(maria)).toBe(before + 3);
    const [comment, phase, photo] = await list(maria);
    expect(comment).toMatchObject({
      tipo: 'comentario',
      texto: 'Recebemos o B.O.',
      lida: false,
      destino: 'sinistro',
      caseNumber: collision,
    });
    expect(phase).toMatchObject({ tipo: 'fase', titulo: `Protocolo ${collision}: Análise` });
    expect(photo!.tipo).toBe('foto_reprovada');
    expect(photo!.texto).toContain('Motivo: CNH ilegível.');
    const page1 = (await t.get('/api/notifications?limite=2', maria.AccessToken)).json();
    expect(page1.itens.map((n: NotificationDto) => n.id)).toEqual([comment!.id, phase!.id]);
    const page2 = (await t.get(`/api/notifications?limite=2&antes=${page1.proximo}`, maria.AccessToken)).json();
    expect(page2.itens[0].id).toBe(photo!.id);
  });

  it('a customer’s own comment or case creation by someone else notifies nobody else; João cannot read or mark Maria’s', async () => {
    // Notifications of Maria's own, whatever the other tests did before: staff comments on two of her cases.
    expect(
      (await staffRequest(t, atendimento, 'POST', `/api/backoffice/casos/${registration}/comentarios`, { texto: 'Documento recebido.' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await staffRequest(t, sinistros, 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'Vistoria marcada.' }))
        .statusCode,
    ).toBe(204);
    const [newest] = await list(maria);
    expect(newest).toMatchObject({ lida: false });
    expect((await list(joao)).map((n) => n.id)).not.toContain(newest!.id);
    const other = await call(joao, 'POST', `/api/notifications/${newest!.id}/read`);
    expect(other.statusCode).toBe(404);
    expect(other.json().mensagem).toBe(NOTIFICATION_MSG.notFound);
    expect((await list(maria))[0]!.lida).toBe(false);
    const mine = await call(maria, 'POST', `/api/notifications/${newest!.id}/read`);
    expect(mine.statusCode).toBe(204);
    expect((await list(maria))[0]!.lida).toBe(true);
    expect((await call(joao, 'POST', '/api/notifications/read-all')).statusCode).toBe(204);
    expect(await unread(maria)).toBeGreaterThan(0); // João's read-all marks only his
    expect((await call(maria, 'POST', '/api/notifications/read-all')).statusCode).toBe(204);
    expect(await unread(maria)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('a registration approval notifies once (the decision), not also its phase Concluído', async () => {
    const id = await customerId(CPF_MARIA);
    const before = (await list(maria)).length;
    expect((await staffRequest(t, atendimento, 'POST', `/api/backoffice/casos/${registration}/aprovar`)).statusCode).toBe(204);
    const after = await list(maria);
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ tipo: 'solicitacao_aprovada', texto: DECISION_MSG.approved, destino: 'suporte', nCtrId: 100104 });
    expect((await jobs(id)).filter((j) => j.idempotency_key.includes('conclusao'))).toHaveLength(1);
  });

  it('a rolled-back action writes no notification and no job', async () => {
    const c = (await t.query<{ id: string }>('SELECT id FROM cases WHERE case_number = $1', [collision]))[0]!;
    const count = async () =>
      (await t.query<{ n: number }>('SELECT (SELECT count(*) FROM notifications) + (SELECT count(*) FROM notification_jobs) AS n'))[0]!.n;
    const before = await count();
    await expect(
      t.db.transaction().execute(async (tx) => {
        const cases = t.app.caseSystem.within(unitOfWork(tx));
        await cases.addComment(c.id, 'Comentário que não vai existir', 'staff');
        await cases.changePhase(c.id, 'Pré-Análise', 'staff');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(before);
    expect((await list(maria)).some((n) => n.texto === 'Comentário que não vai existir')).toBe(false);
  });

  it('the worker retries after an SMTP failure and sends each e-mail exactly once, even with two workers at once', async () => {
    const worker = t.app.notificationWorker;
    await worker.deliver(); // what earlier tests queued
    const id = await customerId(CPF_MARIA);
    const c = (await t.query<{ id: string }>('SELECT id FROM cases WHERE case_number = $1', [collision]))[0]!;
    await t.app.caseSystem.addComment(c.id, 'Vistoria agendada para amanhã.', 'staff');
    const maria_ = (await t.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [id]))[0]!;
    t.notifier.failNext(1);
    const first = await worker.deliver();
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    const [job] = (await jobs(id)).filter((j) => j.status === 'pending');
    expect(job).toMatchObject({ attempts: 1, last_error: expect.stringContaining('provider down') });
    const [a, b] = await Promise.all([worker.deliver(), worker.deliver()]);
    expect(a.sent + b.sent).toBe(1);
    expect((await worker.deliver()).sent).toBe(0);
    const mails = emailsTo(maria_.email, `Novo comentário no protocolo ${collision}`).filter((m) => m.body.includes('Vistoria agendada'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/sinistros/consulta/${collision}`);
    expect(mails[0]!.html).toContain('Vistoria agendada para amanhã.');
    expect((await jobs(id)).find((j) => j.idempotency_key === job!.idempotency_key)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('in demo mode an e-mail links to the address the app is served at (listening, then a browser’s Host)', async () => {
    const worker = t.app.notificationWorker;
    await worker.deliver(); // what earlier tests queued
    const email = (await t.query<{ email: string }>('SELECT email FROM customers WHERE document = $1', [CPF_MARIA]))[0]!.email;
    const c = (await t.query<{ id: string }>('SELECT id FROM cases WHERE case_number = $1', [collision]))[0]!;
    const commentAndSend = async (text: string) => {
      await t.app.caseSystem.addComment(c.id, text, 'staff');
      await worker.deliver();
      const [mail] = emailsTo(email, `Novo comentário no protocolo ${collision}`).filter((m) => m.body.includes(text));
      return mail!;
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const listening = await commentAndSend('Guincho a caminho.');
    expect(listening.body).toContain(`Ver no portal: http://localhost:${port}/sinistros/consulta/${collision}`);
    expect(listening.body).not.toContain('localhost:3000');

    // A browser asks at another host and port (a port forward, a LAN address): the next e-mail links there.
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: {
        authorization: `Bearer ${maria.AccessToken}`,
        host: 'guarita.lan:4321',
        'sec-fetch-mode': 'cors',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(seen.statusCode).toBe(200);
    // A request that is not a browser's (no Sec-Fetch-Mode) does not move it.
    await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { host: 'evil.example' } });
    const browsed = await commentAndSend('Vistoria confirmada.');
    expect(browsed.body).toContain(`Ver no portal: http://guarita.lan:4321/sinistros/consulta/${collision}`);
    expect(browsed.html).toContain(`href="http://guarita.lan:4321/sinistros/consulta/${collision}"`);
  });

  it('respects the customer’s choices: e-mail off for a group keeps only the in-app notification', async () => {
    const id = await customerId(CPF_MARIA);
    expect((await t.get('/api/notifications/preferences', maria.AccessToken)).json()).toEqual({
      email: { pagamentos: true, solicitacoes: true, rastreador: true },
    });
    const bad = await call(maria, 'PUT', '/api/notifications/preferences', { email: { pagamentos: 'sim' } });
    expect(bad.statusCode).toBe(400);
    const prefs = { email: { pagamentos: true, solicitacoes: false, rastreador: true } };
    const put = await call(maria, 'PUT', '/api/notifications/preferences', prefs);
    expect(put.statusCode).toBe(200);
    expect((await t.get('/api/notifications/preferences', maria.AccessToken)).json()).toEqual(prefs);
    expect((await t.get('/api/notifications/preferences', joao.AccessToken)).json().email.solicitacoes).toBe(true);
    const jobsBefore = (await jobs(id)).length;
    expect(
      (await staffRequest(t, sinistros, 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'Só no portal.' })).statusCode,
    ).toBe(204);
    expect((await list(maria))[0]!.texto).toBe('Só no portal.');
    expect((await jobs(id)).length).toBe(jobsBefore);
    await call(maria, 'PUT', '/api/notifications/preferences', { email: { pagamentos: true, solicitacoes: true, rastreador: true } });
  });

  it('a paid Pix notifies once (a replayed confirmation adds nothing); a Pix about to expire is warned about once', async () => {
    const id = await customerId(CPF_JOAO);
    const [bill] = await t.query<{ doc_entry: number; doc_total: number }>(
      `INSERT INTO bills (n_ctr_id, doc_due_date, doc_total, id_status) VALUES (200201, $1, 5000, 'I') RETURNING doc_entry, doc_total`,
      [clock.now().toISOString().slice(0, 10)],
    );
    const pix = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/contracts/200201/pix',
        headers: { authorization: `Bearer ${joao.AccessToken}`, 'idempotency-key': randomUUID() },
        payload: { faturas: [bill!.doc_entry], valorTotal: bill!.doc_total },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().conteudo.txid as string;
    };
    const txid = await pix();
    // expiring: within the warning window on the app's clock
    await t.query(`UPDATE pix_charges SET expires_at = $1 WHERE txid = $2`, [new Date(clock.now().getTime() + 30 * 60_000), txid]);
    await t.app.notificationWorker.scan();
    await t.app.notificationWorker.scan();
    expect((await list(joao)).filter((n) => n.tipo === 'pix_expirando')).toHaveLength(1);
    for (let i = 0; i < 2; i++)
      expect([200, 204]).toContain((await t.app.inject({ method: 'POST', url: `/api/dev/pix/${txid}/confirm` })).statusCode);
    const paid = (await list(joao)).filter((n) => n.tipo === 'pagamento_confirmado');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ destino: 'pagamentos', nCtrId: 200201 });
    expect(paid[0]!.texto).toContain('por Pix (contrato 200201)');
    expect((await jobs(id)).filter((j) => j.idempotency_key === `pix:${txid}:pago:email`)).toHaveLength(1);
  });

  it('a tracker silent for 24 h (João’s, silent for 3 days in the seed) is told once; a live one is not', async () => {
    await t.app.notificationWorker.scan();
    await t.app.notificationWorker.scan();
    const silent = (await list(joao)).filter((n) => n.tipo === 'rastreador_silencioso');
    expect(silent).toHaveLength(1);
    expect(silent[0]).toMatchObject({ destino: 'mapa', nCtrId: 200201, titulo: 'Rastreador sem sinal há 24 horas' });
    expect((await list(maria)).some((n) => n.tipo === 'rastreador_silencioso' && n.nCtrId === 100101)).toBe(false);
  });

  it('over real SMTP: a server that answers 451 gets the same message again later, with the same Message-ID, once', async () => {
    const received: string[] = [];
    let refuse = 1;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, cb) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          if (refuse > 0) {
            refuse--;
            return cb(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          received.push(raw);
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const worker = new NotificationWorker(
        t.db,
        new NotificationsRepository(),
        t.app.notificationOutbox,
        new SmtpNotifier(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Guarita <nao-responda@guarita.example>'),
        t.app.customers,
        t.app.contracts,
        t.app.payments.pix,
        t.app.trips,
        { pollMs: 0, batch: 20, leaseSeconds: 300, retryBaseSeconds: 0, publicUrl: 'https://portal.example' },
      );
      await t.app.notificationWorker.deliver(); // what earlier tests queued goes to the capturing notifier
      expect(
        (await staffRequest(t, sinistros, 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'Peça chegou.' })).statusCode,
      ).toBe(204);
      expect(await worker.deliver()).toMatchObject({ sent: 0, retried: 1 });
      expect(received).toHaveLength(0);
      expect(await worker.deliver()).toMatchObject({ sent: 1 });
      expect(await worker.deliver()).toMatchObject({ sent: 0, retried: 0 });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Message-ID: <caso-evento-\d+-email@guarita\.notificacoes>/im);
      expect(received[0]!.replace(/=\r?\n/g, '')).toContain(`https://portal.example/sinistros/consulta/${collision}`); // quoted-printable soft breaks
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});
