import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { HttpSmsNotifier, SmtpNotifier } from '../src/ports/notifier';

/** The real adapters against real protocol peers running in this process. */
describe('notifier adapters', () => {
  const mails: Array<{ from: string; to: string[]; raw: string }> = [];
  const sms: Array<{ auth: string | undefined; body: unknown }> = [];
  let smtp: SMTPServer;
  let smtpPort = 0;
  let http: Server;
  let httpPort = 0;
  let failNext = false;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    http = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (failNext) {
          failNext = false;
          res.writeHead(503).end();
          return;
        }
        sms.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    httpPort = (http.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((r) => smtp.close(() => r()));
    await new Promise<void>((r) => http.close(() => r()));
  });

  it('delivers e-mail over SMTP with nodemailer', async () => {
    const n = new SmtpNotifier(`smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, 'Guarita <nao-responda@guarita.example>');
    await n.send({ channel: 'email', to: 'maria.souza@example.com', subject: 'Seu código de acesso Guarita', body: 'código 123456' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['maria.souza@example.com']);
    expect(mails[0]!.from).toBe('nao-responda@guarita.example');
    expect(mails[0]!.raw).toContain('Subject: =?UTF-8?Q?Seu_c=C3=B3digo_de_acesso_Guarita?=');
    expect(mails[0]!.raw).toContain('123456');
  });

  it('sends SMS through the HTTP provider with its token, and fails loudly on a provider error', async () => {
    const n = new HttpSmsNotifier(`http://127.0.0.1:${httpPort}/sms`, 'tok');
    await n.send({ channel: 'sms', to: '(31) 98765-4321', subject: 's', body: 'Guarita: seu código é 654321' });
    expect(sms).toEqual([{ auth: 'Bearer tok', body: { to: '+5531987654321', message: 'Guarita: seu código é 654321' } }]);
    failNext = true;
    await expect(n.send({ channel: 'sms', to: '31987654321', subject: 's', body: 'x' })).rejects.toThrow('503');
  });
});
