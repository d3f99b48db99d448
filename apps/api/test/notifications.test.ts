import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_MSG, NOTIFICATION_MSG, type NotificationDto } from '@guarita/domain';
import { createTestApp, type TestApp } from './helpers';
import { CASE_LIKE, CLAIM_LIKE, aBill, aCase, aClaim, aLoggedInCustomer, aStaffMember, someTrips, type Customer } from './factories';
import { FixedClock } from '../src/ports/clock';
import { SmtpNotifier } from '../src/ports/notifier';
import { NotificationsRepository } from '../src/modules/notifications/repository';
import { NotificationWorker } from '../src/modules/notifications/worker';
import { staffRequest } from './staff-helpers';
import { unitOfWork } from '../src/db/unit-of-work';

/**
 * Customer notifications (issue 13 §3): transactional outbox, delivery worker, customer routes. Each test makes the
 * customer, claim and case it reads (ADR 070); the console's staff of this file are accounts of its own.
 */
describe('notifications', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  let sinistros: string;
  let atendimento: string;

  /** A logged-in customer with an open collision claim (in Documentação) and an open registration change. */
  const aClaimant = async () => {
    const c = await aLoggedInCustomer(t);
    const collision = await aClaim(t, c.contract, CLAIM_LIKE.collisionInDocumentation);
    const registration = await aCase(t, c.contract, CASE_LIKE.registrationChange);
    return { c, collision, registration };
  };
  const caseIdOf = async (caseNumber: string) =>
    (await t.query<{ id: string }>('SELECT id FROM cases WHERE case_number = $1', [caseNumber]))[0]!.id;
  const list = async (who: Customer): Promise<NotificationDto[]> => {
    const res = await who.call('GET', '/api/notifications?limite=50');
    expect(res.statusCode).toBe(200);
    return res.json().itens;
  };
  const unread = async (who: Customer) => (await who.call('GET', '/api/notifications/unread-count')).json().naoLidas as number;
  const jobs = (customerId?: number) =>
    t.query<{ status: string; attempts: number; idempotency_key: string; last_error: string | null }>(
      `SELECT j.status, j.attempts, j.idempotency_key, j.last_error FROM notification_jobs j JOIN notifications n ON n.id = j.notification_id
       ${customerId ? 'WHERE n.customer_id = $1' : ''} ORDER BY j.id`,
      customerId ? [customerId] : [],
    );
  const emailsTo = (to: string, subject: string) =>
    t.notifier.sent.filter((n) => n.channel === 'email' && n.to === to && n.subject.includes(subject));

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { NOTIFY_RETRY_BASE_SECONDS: '0' } });
    sinistros = (await aStaffMember(t, 'sinistros')).token;
    atendimento = (await aStaffMember(t, 'atendimento')).token;
  }, 180_000); // a fresh database per file; slow on a loaded machine
  afterAll(() => t?.close());

  it('staff phase change, comment and photo rejection reach the customer; the list is newest first and paged', async () => {
    const { c: holder, collision } = await aClaimant();
    const before = await unread(holder);
    const listed = (await list(holder)).length;
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
    expect(await unread(holder)).toBe(before + 3);
    expect(await list(holder)).toHaveLength(listed + 3);
    const [comment, phase, photo] = await list(holder);
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
    const page1 = (await holder.call('GET', '/api/notifications?limite=2')).json();
    expect(page1.itens.map((n: NotificationDto) => n.id)).toEqual([comment!.id, phase!.id]);
    const page2 = (await holder.call('GET', `/api/notifications?limite=2&antes=${page1.proximo}`)).json();
    expect(page2.itens[0].id).toBe(photo!.id);
  });

  it('a customer’s own comment or case creation by someone else notifies nobody else; another customer cannot read or mark hers', async () => {
    const { c: holder, collision, registration } = await aClaimant();
    const stranger = await aLoggedInCustomer(t);
    // Staff comments on two of her cases.
    expect(
      (await staffRequest(t, atendimento, 'POST', `/api/backoffice/casos/${registration}/comentarios`, { texto: 'Documento recebido.' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await staffRequest(t, sinistros, 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'Vistoria marcada.' }))
        .statusCode,
    ).toBe(204);
    const [newest] = await list(holder);
    expect(newest).toMatchObject({ lida: false });
    expect((await list(stranger)).map((n) => n.id)).not.toContain(newest!.id);
    const other = await stranger.call('POST', `/api/notifications/${newest!.id}/read`);
    expect(other.statusCode).toBe(404);
    expect(other.json().mensagem).toBe(NOTIFICATION_MSG.notFound);
    expect((await list(holder))[0]!.lida).toBe(false);
    const mine = await holder.call('POST', `/api/notifications/${newest!.id}/read`);
    expect(mine.statusCode).toBe(204);
    expect((await list(holder))[0]!.lida).toBe(true);
    const unreadBefore = await unread(holder);
    expect(unreadBefore).toBeGreaterThan(0);
    expect((await stranger.call('POST', '/api/notifications/read-all')).statusCode).toBe(204);
    expect(await unread(holder)).toBe(unreadBefore); // the other's read-all marks only theirs
    expect((await holder.call('POST', '/api/notifications/read-all')).statusCode).toBe(204);
    expect(await unread(holder)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('a registration approval notifies once (the decision), not also its phase Concluído', async () => {
    const { c: holder, registration } = await aClaimant();
    const id = holder.id;
    const before = (await list(holder)).length;
    expect((await staffRequest(t, atendimento, 'POST', `/api/backoffice/casos/${registration}/aprovar`)).statusCode).toBe(204);
    const after = await list(holder);
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({
      tipo: 'solicitacao_aprovada',
      texto: DECISION_MSG.approved,
      destino: 'suporte',
      nCtrId: holder.contract.nCtrId,
    });
    expect((await jobs(id)).filter((j) => j.idempotency_key.includes('conclusao'))).toHaveLength(1);
  });

  it('a rolled-back action writes no notification and no job', async () => {
    const { c: holder, collision } = await aClaimant();
    const c = { id: await caseIdOf(collision) };
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
    expect((await list(holder)).some((n) => n.texto === 'Comentário que não vai existir')).toBe(false);
  });

  it('the worker retries after an SMTP failure and sends each e-mail exactly once, even with two workers at once', async () => {
    const worker = t.app.notificationWorker;
    const { c: holder, collision } = await aClaimant();
    await worker.deliver(); // what was queued before (by other tests of this file)
    const id = holder.id;
    await t.app.caseSystem.addComment(await caseIdOf(collision), 'Vistoria agendada para amanhã.', 'staff');
    t.notifier.failNext(1);
    const first = await worker.deliver();
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    const [job] = (await jobs(id)).filter((j) => j.status === 'pending');
    expect(job).toMatchObject({ attempts: 1, last_error: expect.stringContaining('provider down') });
    const [a, b] = await Promise.all([worker.deliver(), worker.deliver()]);
    expect(a.sent + b.sent).toBe(1);
    expect((await worker.deliver()).sent).toBe(0);
    const mails = emailsTo(holder.email!, `Novo comentário no protocolo ${collision}`).filter((m) => m.body.includes('Vistoria agendada'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/sinistros/consulta/${collision}`);
    expect(mails[0]!.html).toContain('Vistoria agendada para amanhã.');
    expect((await jobs(id)).find((j) => j.idempotency_key === job!.idempotency_key)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('in demo mode an e-mail links to the address the app is served at (listening, then a browser’s Host)', async () => {
    const worker = t.app.notificationWorker;
    const { c: holder, collision } = await aClaimant();
    await worker.deliver(); // what was queued before
    const email = holder.email!;
    const caseId = await caseIdOf(collision);
    const commentAndSend = async (text: string) => {
      await t.app.caseSystem.addComment(caseId, text, 'staff');
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
    const seen = await holder.call('GET', '/api/notifications/unread-count', undefined, {
      host: 'guarita.lan:4321',
      'sec-fetch-mode': 'cors',
      'sec-fetch-site': 'same-origin',
    });
    expect(seen.statusCode).toBe(200);
    // A request that is not a browser's (no Sec-Fetch-Mode) does not move it.
    await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { host: 'evil.example' } });
    const browsed = await commentAndSend('Vistoria confirmada.');
    expect(browsed.body).toContain(`Ver no portal: http://guarita.lan:4321/sinistros/consulta/${collision}`);
    expect(browsed.html).toContain(`href="http://guarita.lan:4321/sinistros/consulta/${collision}"`);
  });

  it('respects the customer’s choices: e-mail off for a group keeps only the in-app notification', async () => {
    const { c: holder, collision } = await aClaimant();
    const stranger = await aLoggedInCustomer(t);
    const id = holder.id;
    const preferences = async (who: Customer) => (await who.call('GET', '/api/notifications/preferences')).json();
    expect(await preferences(holder)).toEqual({
      email: { pagamentos: true, solicitacoes: true, rastreador: true },
    });
    const bad = await holder.call('PUT', '/api/notifications/preferences', { email: { pagamentos: 'sim' } });
    expect(bad.statusCode).toBe(400);
    const prefs = { email: { pagamentos: true, solicitacoes: false, rastreador: true } };
    const put = await holder.call('PUT', '/api/notifications/preferences', prefs);
    expect(put.statusCode).toBe(200);
    expect(await preferences(holder)).toEqual(prefs);
    expect((await preferences(stranger)).email.solicitacoes).toBe(true);
    const jobsBefore = (await jobs(id)).length;
    expect(
      (await staffRequest(t, sinistros, 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'Só no portal.' })).statusCode,
    ).toBe(204);
    expect((await list(holder))[0]!.texto).toBe('Só no portal.');
    expect((await jobs(id)).length).toBe(jobsBefore);
  });

  it('a paid Pix notifies once (a replayed confirmation adds nothing); a Pix about to expire is warned about once', async () => {
    const payer = await aLoggedInCustomer(t);
    const nCtrId = payer.contract.nCtrId;
    const bill = await aBill(t, payer.contract, { status: 'I', due: clock.today(), total: 5000, fine: 0, interest: 0 });
    const pix = async () => {
      const res = await payer.call(
        'POST',
        `/api/payments/contracts/${nCtrId}/pix`,
        { faturas: [bill.docEntry], valorTotal: bill.total },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().conteudo.txid as string;
    };
    const txid = await pix();
    // expiring: within the warning window on the app's clock
    await t.query(`UPDATE pix_charges SET expires_at = $1 WHERE txid = $2`, [new Date(clock.now().getTime() + 30 * 60_000), txid]);
    await t.app.notificationWorker.scan();
    await t.app.notificationWorker.scan();
    expect((await list(payer)).filter((n) => n.tipo === 'pix_expirando')).toHaveLength(1);
    for (let i = 0; i < 2; i++)
      expect([200, 204]).toContain((await t.app.inject({ method: 'POST', url: `/api/dev/pix/${txid}/confirm` })).statusCode);
    const paid = (await list(payer)).filter((n) => n.tipo === 'pagamento_confirmado');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ destino: 'pagamentos', nCtrId });
    expect(paid[0]!.texto).toContain(`por Pix (contrato ${nCtrId})`);
    expect((await jobs(payer.id)).filter((j) => j.idempotency_key === `pix:${txid}:pago:email`)).toHaveLength(1);
  });

  it('a tracker silent for 24 h (for 3 days here) is told once; a live one is not', async () => {
    const quiet = await aLoggedInCustomer(t);
    await someTrips(t, quiet.contract, { count: 5, lastEndedHoursAgo: 72 }); // no report since
    const live = await aLoggedInCustomer(t);
    await someTrips(t, live.contract, { count: 3, lastEndedHoursAgo: 2, parkedMinutesAgo: 3 });
    await t.app.notificationWorker.scan();
    await t.app.notificationWorker.scan();
    const silent = (await list(quiet)).filter((n) => n.tipo === 'rastreador_silencioso');
    expect(silent).toHaveLength(1);
    expect(silent[0]).toMatchObject({ destino: 'mapa', nCtrId: quiet.contract.nCtrId, titulo: 'Rastreador sem sinal há 24 horas' });
    expect((await list(live)).some((n) => n.tipo === 'rastreador_silencioso')).toBe(false);
  });

  it('over real SMTP: a server that answers 451 gets the same message again later, with the same Message-ID, once', async () => {
    const { collision } = await aClaimant();
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
        { pollMs: 0, scanMs: 60_000, batch: 20, leaseSeconds: 300, retryBaseSeconds: 0, publicUrl: 'https://portal.example' },
      );
      await t.app.notificationWorker.deliver(); // what was queued before goes to the capturing notifier
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
