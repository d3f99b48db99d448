import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { MSG } from '@guarita/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/db';
import { migrateWithOwner } from '../src/db/roles';
import { openFreshDb } from './helpers';

/** A real SMTP server in process: the app's SmtpNotifier (nodemailer) delivers to it over TCP. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtp() {
  const received: Received[] = [];
  let failNext = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failNext) {
          failNext = false;
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    failNextMessage: () => (failNext = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes one MIME part body (quoted-printable or base64) the way a mail client would. */
function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

function parts(raw: string): { subject: string; text: string; html: string } {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const out = { subject, text: '', html: '' };
  for (const part of boundary ? raw.split(`--${boundary}`) : []) {
    const idx = part.search(/\r?\n\r?\n/);
    if (idx < 0) continue;
    const h = part.slice(0, idx);
    const b = part
      .slice(idx)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    if (/content-type:\s*text\/plain/i.test(h)) out.text = decodePart(h, b).replace(/\r\n/g, '\n');
    if (/content-type:\s*text\/html/i.test(h)) out.html = decodePart(h, b);
  }
  return out;
}

const INBOX = 'fale-conosco@guarita.test';
const smtpP = startSmtp();
let smtp: Awaited<typeof smtpP>;
let app: Awaited<ReturnType<typeof buildApp>>;
let db: Database;
let drop: () => Promise<void>;
let ipSeq = 1;
/** Each test its own IP, so the per-IP limit only bites where a test wants it to. */
const nextIp = () => `10.9.0.${ipSeq++}`;

beforeAll(async () => {
  smtp = await smtpP;
  let owner: Database;
  ({ db, owner, drop } = await openFreshDb());
  await migrateWithOwner(db, owner);
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-guarita-web-dist',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Guarita <nao-responda@guarita.test>',
    CONTACT_INBOX: INBOX,
    ALTCHA_HMAC_KEY: 'test-altcha-key-0123456789abcdef0123456789',
  });
  // No ports given: the real notifier wiring picks SmtpNotifier for e-mail because SMTP_URL is set.
  app = await buildApp({ db, config });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.destroy().catch(() => {});
  await drop?.();
  await smtp?.close();
});

afterEach(() => {
  smtp.received.length = 0;
});

async function solvedPayload(ip = nextIp()): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/contact/challenge', remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  // Exactly what the altcha v3 widget puts in its form field.
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

const message = {
  name: 'Ana <b>Souza</b> & "filhos"',
  email: 'ana@example.com',
  phone: '(31) 98765-4321',
  message: 'Olá!\n<script>alert(1)</script>\nQuero contratar.',
};

const post = (payload: Record<string, unknown>, ip = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });

describe('GET /api/contact/challenge', () => {
  it('issues a signed ALTCHA v2 challenge with a cheap proof of work and an expiry', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/contact/challenge' });
    const { parameters, signature } = res.json();
    expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, keyLength: 32 });
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + 60);
    // Two challenges never share a nonce (the replay key).
    const other = (await app.inject({ method: 'GET', url: '/api/contact/challenge' })).json();
    expect(other.parameters.nonce).not.toBe(parameters.nonce);
  });
});

describe('POST /api/contact', () => {
  it('delivers "Contato via Site" by SMTP to the contact inbox, with the fields HTML-escaped', async () => {
    const altcha = await solvedPayload();
    const res = await post({ ...message, altcha });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sucesso: true, mensagem: 'Mensagem enviada com sucesso!' });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([INBOX]);
    expect(mail.from).toBe('nao-responda@guarita.test');
    const { subject, html, text } = parts(mail.raw);
    expect(subject).toBe('Contato via Site');
    expect(html).toContain('<table');
    expect(html).toContain('<th style="border:1px solid #d5dbd8;padding:6px 10px;text-align:left;vertical-align:top">Nome</th>');
    expect(html).toContain('Ana &lt;b&gt;Souza&lt;/b&gt; &amp; &quot;filhos&quot;');
    expect(html).toContain('ana@example.com');
    expect(html).toContain('(31) 98765-4321');
    expect(html).toContain('Olá!<br>&lt;script&gt;alert(1)&lt;/script&gt;<br>Quero contratar.');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Souza');
    // The text alternative carries the same facts, unescaped.
    expect(text).toContain('Nome: Ana <b>Souza</b> & "filhos"');
    expect(text).toContain('Telefone: (31) 98765-4321');
    expect(text).toContain('Mensagem:\n');
  });

  it('refuses a replay of an already used challenge, and sends nothing the second time', async () => {
    const altcha = await solvedPayload();
    expect((await post({ ...message, altcha })).statusCode).toBe(200);
    const again = await post({ ...message, altcha });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ sucesso: false, status: 409, erro: 'CAPTCHA_REUSED' });
    expect(again.json().mensagem).toMatch(/já foi usada/);
    expect(smtp.received).toHaveLength(1);
  });

  it('refuses a missing, forged, tampered or unsolved captcha', async () => {
    const missing = await post({ ...message });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ sucesso: false, erro: 'VALIDATION', mensagem: MSG.captchaFailed });

    // The widget's own "test mode" payload is not a solution.
    const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64');
    const forged = await post({ ...message, altcha: testMode });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ erro: 'CAPTCHA_INVALID' });
    expect((await post({ ...message, altcha: 'not base64 json' })).json()).toMatchObject({ erro: 'CAPTCHA_INVALID' });

    // A valid solution whose challenge was altered (cheaper cost) fails the signature check.
    const good = JSON.parse(Buffer.from(await solvedPayload(), 'base64').toString('utf8'));
    const tampered = structuredClone(good);
    tampered.challenge.parameters.cost = 1;
    expect((await post({ ...message, altcha: Buffer.from(JSON.stringify(tampered)).toString('base64') })).json()).toMatchObject({
      erro: 'CAPTCHA_INVALID',
    });

    // A wrong counter / key is not a solution.
    const wrong = structuredClone(good);
    wrong.solution.counter += 1;
    wrong.solution.derivedKey = 'ab'.repeat(32);
    expect((await post({ ...message, altcha: Buffer.from(JSON.stringify(wrong)).toString('base64') })).json()).toMatchObject({
      erro: 'CAPTCHA_INVALID',
    });

    // A genuinely solved challenge signed with another key (someone else's ALTCHA server).
    const foreign = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 5,
      deriveKey,
      hmacSignatureSecret: 'another-server-key',
    });
    const foreignSolution = await solveChallenge({ challenge: foreign, deriveKey });
    const foreignPayload = Buffer.from(JSON.stringify({ challenge: foreign, solution: foreignSolution })).toString('base64');
    expect((await post({ ...message, altcha: foreignPayload })).json()).toMatchObject({ erro: 'CAPTCHA_INVALID' });
    expect(smtp.received).toHaveLength(0);
  });

  it("a missing or empty field answers 'Preencha todos os campos!' and sends nothing", async () => {
    const altcha = await solvedPayload();
    for (const field of ['name', 'email', 'phone', 'message'] as const) {
      const blank = await post({ ...message, [field]: '   ', altcha });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ sucesso: false, status: 400, erro: 'VALIDATION', mensagem: 'Preencha todos os campos!' });
      const { [field]: _omit, ...rest } = message;
      expect((await post({ ...rest, altcha })).json().mensagem).toBe('Preencha todos os campos!');
    }
    expect(smtp.received).toHaveLength(0);
    // The captcha was not spent by the refused attempts: the corrected message goes through.
    expect((await post({ ...message, altcha })).statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
  });

  it('checks the e-mail and the phone with area code', async () => {
    const altcha = await solvedPayload();
    expect((await post({ ...message, email: 'ana@', altcha })).json().mensagem).toBe(MSG.invalidEmail);
    expect((await post({ ...message, phone: '98765-4321', altcha })).json().mensagem).toBe(MSG.invalidPhone);
    expect(smtp.received).toHaveLength(0);
  });

  it('answers the spec error message when the mail server refuses, and the failure is retryable', async () => {
    smtp.failNextMessage();
    const res = await post({ ...message, altcha: await solvedPayload() });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ sucesso: false, status: 502, erro: 'MAIL_FAILED', mensagem: 'Erro ao enviar! Tente novamente!' });
    expect((await post({ ...message, altcha: await solvedPayload() })).statusCode).toBe(200);
  });

  it('limits messages per IP (config.limits.contactPerIp)', async () => {
    const ip = '10.9.9.9';
    const max = app.config.limits.contactPerIp;
    for (let i = 0; i < max; i++) expect((await post({ ...message, name: '' }, ip)).statusCode).toBe(400);
    const limited = await post({ ...message, altcha: await solvedPayload() }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ sucesso: false, erro: 'RATE_LIMITED', mensagem: MSG.tooManyRequests });
    expect(smtp.received).toHaveLength(0);
  });

  it('is documented in the OpenAPI spec', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/contact'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '409', '429', '502']));
    expect(doc.paths['/api/contact/challenge'].get.responses['200']).toBeDefined();
  });
});
