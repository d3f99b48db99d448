import nodemailer from 'nodemailer';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Database } from '../db/db';

const tracer = trace.getTracer('guarita-notifier');

export interface Notification {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
  /** Optional HTML alternative for e-mail. */
  html?: string;
  /** A stable id of this message (the notification job's idempotency key): SMTP sends it as the Message-ID. */
  id?: string;
}

/** Sends a one-time code or a message to a person. Adapters: outbox (demo), SMTP, HTTP SMS provider. */
export interface Notifier {
  send(n: Notification): Promise<void>;
}

/** Demo mode: keeps what would be sent in a table and logs it, so a new user can log in without SMS. */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly db: Database,
    /** Where the message is shown: the app's logger (composition.ts). */
    private readonly print: (line: string) => void,
  ) {}
  async send(n: Notification): Promise<void> {
    await this.db.insertInto('dev_outbox').values({ channel: n.channel, to_addr: n.to, subject: n.subject, body: n.body }).execute();
    this.print(`[outbox] ${n.channel} → ${n.to}: ${n.subject} — ${n.body}`);
  }
  /** The newest messages first (GET /api/dev/outbox). The outbox owns the dev_outbox table. */
  async list(limit = 50): Promise<Array<Omit<Notification, 'html'> & { createdAt: Date }>> {
    const rows = await this.db
      .selectFrom('dev_outbox')
      .select(['channel', 'to_addr', 'subject', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      channel: r.channel === 'sms' ? 'sms' : 'email',
      to: r.to_addr,
      subject: r.subject,
      body: r.body,
      createdAt: r.created_at,
    }));
  }
}

export class SmtpNotifier implements Notifier {
  private readonly transport;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(n: Notification): Promise<void> {
    // nodemailer has no OpenTelemetry instrumentation: one span per message (a no-op when tracing is off, ADR 067).
    await tracer.startActiveSpan('smtp send', { kind: SpanKind.CLIENT }, (span) =>
      this.sendMail(n).then(
        () => span.end(),
        (err: unknown) => {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as { code?: string }).code ?? 'send failed' });
          span.end();
          throw err;
        },
      ),
    );
  }

  private async sendMail(n: Notification): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: n.to,
      subject: n.subject,
      text: n.body,
      ...(n.html ? { html: n.html } : {}),
      // A retry after a lost answer carries the same Message-ID, so the receiving side can drop the copy.
      ...(n.id ? { messageId: `<${n.id.replace(/[^A-Za-z0-9._-]/g, '-')}@guarita.notificacoes>` } : {}),
    });
  }
}

/** A generic JSON-over-HTTP SMS gateway: POST {to, message} with a bearer token. */
export class HttpSmsNotifier implements Notifier {
  constructor(
    private readonly url: string,
    private readonly token?: string,
    private readonly timeoutMs = 10_000,
  ) {}
  async send(n: Notification): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to: `+55${n.to.replace(/\D/g, '')}`, message: n.body }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }
}

/** Routes each channel to its adapter. */
export class ChannelNotifier implements Notifier {
  constructor(private readonly byChannel: Record<Notification['channel'], Notifier>) {}
  send(n: Notification): Promise<void> {
    return this.byChannel[n.channel].send(n);
  }
}
