import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TestPki } from './certs';

/**
 * A local fake of a PSP's BCB API Pix, Pix Automático part (ADR 077), with the same mutual TLS as the Pix fake
 * (fake-api-pix.ts: a client certificate of its CA required, OAuth2 client credentials at POST /oauth/token): under
 * /api/v2, `POST /locrec`, `POST /rec`, `GET|PATCH /rec/{idRec}`, `PUT|GET /cobr/{txid}`, in the documented shapes
 * (Rec: vinculo, calendario, valor.valorRec, politicaRetentativa, loc, status, atualizacao, dadosQR on GET; CobR:
 * idRec, calendario.dataDeVencimento, valor.original, status, pix[] once paid); errors as RFC 7807 problems with the
 * BCB's types (RecOperacaoInvalida, CobROperacaoInvalida, …). Knobs: the payer approves or rejects (`answer`), the
 * payer's bank debits (`debit`), the next call fails (`failNext`).
 */

interface FakeRec {
  idRec: string;
  vinculo: { objeto?: string; contrato: string; devedor: { cpf?: string; cnpj?: string; nome: string } };
  calendario: { dataInicial: string; periodicidade: string };
  valor: { valorRec: string };
  politicaRetentativa: string;
  loc: { id: number; location: string; criacao: string };
  status: 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
  atualizacao: Array<{ status: string; data: string }>;
}

interface FakeCobr {
  txid: string;
  idRec: string;
  calendario: { dataDeVencimento: string };
  valor: { original: string };
  status: 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
  pix?: Array<{ endToEndId: string; txid: string; valor: string; horario: string }>;
}

export class FakeApiPixRec {
  readonly clientId = 'guarita-rec-client';
  readonly clientSecret = randomBytes(16).toString('hex');
  readonly recs = new Map<string, FakeRec>();
  readonly cobrs = new Map<string, FakeCobr>();
  readonly calls: string[] = [];
  /** The bodies the adapter sent, by call. */
  readonly bodies: Array<{ call: string; body: unknown }> = [];
  private readonly tokens = new Set<string>();
  private nextFailure: number | null = null;
  private seq = 0;
  private server!: Server;
  url = '';

  constructor(private readonly pki: TestPki) {}

  get baseUrl(): string {
    return `${this.url}/api/v2`;
  }

  async start(): Promise<this> {
    this.server = createServer(
      {
        cert: this.pki.server.cert,
        key: this.pki.server.key,
        ca: this.pki.ca,
        requestCert: true,
        rejectUnauthorized: true,
        minVersion: 'TLSv1.2',
      },
      (req, res) => void this.handle(req, res),
    );
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `https://localhost:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  failNext(status: number): void {
    this.nextFailure = status;
  }

  /** The payer answers in the bank app; the webhook body the PSP then POSTs ({ recs: [{ idRec }] }). */
  answer(idRec: string, decision: 'APROVADA' | 'REJEITADA') {
    const rec = this.recs.get(idRec);
    if (!rec || rec.status !== 'CRIADA') throw new Error(`fake: no pending rec ${idRec}`);
    rec.status = decision;
    rec.atualizacao.push({ status: decision, data: new Date().toISOString() });
    return { recs: [{ idRec }] };
  }

  /** The payer's bank debits a scheduled charge on its due date; the webhook body ({ cobsr: [{ txid }] }). */
  debit(txid: string) {
    const c = this.cobrs.get(txid);
    if (!c || c.status !== 'ATIVA') throw new Error(`fake: no active cobr ${txid}`);
    const horario = new Date().toISOString();
    c.status = 'CONCLUIDA';
    c.pix = [
      {
        endToEndId: `E18236120${horario.slice(0, 16).replace(/[-T:]/g, '')}${randomBytes(6).toString('hex').slice(0, 11)}`,
        txid,
        valor: c.valor.original,
        horario,
      },
    ];
    return { cobsr: [{ txid }] };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const call = `${req.method} ${url.pathname.replace(/^\/api\/v2/, '')}`;
    this.calls.push(call);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' });
      res.end(JSON.stringify(body));
    };
    const problem = (status: number, type: string, detail?: string) =>
      send(status, { type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title: type, status, detail });

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64');
      const expected = Buffer.from(`${encodeURIComponent(this.clientId)}:${encodeURIComponent(this.clientSecret)}`);
      if (basic.length !== expected.length || !timingSafeEqual(basic, expected)) return problem(401, 'invalid_client');
      const token = randomBytes(24).toString('base64url');
      this.tokens.add(token);
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'rec.write rec.read cobr.write cobr.read' });
    }
    if (!this.tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return problem(401, 'AcessoNegado');
    if (this.nextFailure !== null) {
      const status = this.nextFailure;
      this.nextFailure = null;
      return problem(status, 'ServicoIndisponivel');
    }
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    this.bodies.push({ call, body });
    const now = new Date().toISOString();

    if (call === 'POST /locrec') {
      const id = ++this.seq;
      return send(201, { id, location: `pix.psp.example/qr/v2/rec/${randomBytes(8).toString('hex')}`, criacao: now });
    }
    if (call === 'POST /rec') {
      const v = body.vinculo as FakeRec['vinculo'] | undefined;
      const cal = body.calendario as FakeRec['calendario'] | undefined;
      const valorRec = (body.valor as { valorRec?: string } | undefined)?.valorRec;
      if (!v?.contrato || !v.devedor?.nome || (!v.devedor.cpf && !v.devedor.cnpj))
        return problem(400, 'RecOperacaoInvalida', 'rec.vinculo');
      if (!cal?.dataInicial || !/^\d{4}-\d{2}-\d{2}$/.test(cal.dataInicial) || cal.periodicidade !== 'MENSAL')
        return problem(400, 'RecOperacaoInvalida', 'rec.calendario');
      if (!valorRec || !/^\d{1,10}\.\d{2}$/.test(valorRec)) return problem(400, 'RecOperacaoInvalida', 'rec.valor.valorRec');
      if (!['NAO_PERMITE', 'PERMITE_3R_7D'].includes(String(body.politicaRetentativa)))
        return problem(400, 'RecOperacaoInvalida', 'rec.politicaRetentativa');
      if (typeof body.loc !== 'number') return problem(400, 'RecOperacaoInvalida', 'rec.loc');
      const idRec = `${body.politicaRetentativa === 'NAO_PERMITE' ? 'RN' : 'RR'}18236120${now.slice(0, 10).replace(/-/g, '')}${randomBytes(6).toString('hex').slice(0, 11)}`;
      const rec: FakeRec = {
        idRec,
        vinculo: v,
        calendario: cal,
        valor: { valorRec },
        politicaRetentativa: String(body.politicaRetentativa),
        loc: { id: body.loc, location: `pix.psp.example/qr/v2/rec/${idRec}`, criacao: now },
        status: 'CRIADA',
        atualizacao: [{ status: 'CRIADA', data: now }],
      };
      this.recs.set(idRec, rec);
      return send(201, rec);
    }
    const rec = url.pathname.match(/^\/api\/v2\/rec\/([A-Za-z0-9]{29})$/);
    if (rec) {
      const found = this.recs.get(rec[1]!);
      if (!found) return problem(404, 'RecNaoEncontrada');
      if (req.method === 'GET')
        return send(200, {
          ...found,
          ...(found.status === 'CRIADA'
            ? { dadosQR: { jornada: 'JORNADA_2', pixCopiaECola: `00020101021280${found.loc.location}6304ABCD` } }
            : {}),
        });
      if (req.method === 'PATCH') {
        if (body.status !== 'CANCELADA') return problem(400, 'RecOperacaoInvalida', 'rec.status');
        if (!['CRIADA', 'APROVADA'].includes(found.status)) return problem(400, 'RecOperacaoInvalida', 'encerrada');
        found.status = 'CANCELADA';
        found.atualizacao.push({ status: 'CANCELADA', data: now });
        for (const c of this.cobrs.values()) if (c.idRec === found.idRec && c.status === 'ATIVA') c.status = 'CANCELADA';
        return send(200, found);
      }
    }
    const cobr = url.pathname.match(/^\/api\/v2\/cobr\/([A-Za-z0-9]{26,35})$/);
    if (cobr) {
      const txid = cobr[1]!;
      if (req.method === 'GET') {
        const found = this.cobrs.get(txid);
        return found ? send(200, found) : problem(404, 'CobRNaoEncontrado');
      }
      if (req.method === 'PUT') {
        const existing = this.cobrs.get(txid);
        if (existing) return send(200, existing); // the same txid again: the charge the first call made
        const idRec = String(body.idRec ?? '');
        const r = this.recs.get(idRec);
        if (!r || r.status !== 'APROVADA') return problem(400, 'CobROperacaoInvalida', 'cobr.idRec');
        const due = (body.calendario as { dataDeVencimento?: string } | undefined)?.dataDeVencimento;
        const original = (body.valor as { original?: string } | undefined)?.original;
        if (!due || due < now.slice(0, 10)) return problem(400, 'CobROperacaoInvalida', 'cobr.calendario.dataDeVencimento');
        if (!original || !/^\d{1,10}\.\d{2}$/.test(original)) return problem(400, 'CobROperacaoInvalida', 'cobr.valor');
        const c: FakeCobr = { txid, idRec, calendario: { dataDeVencimento: due }, valor: { original }, status: 'ATIVA' };
        this.cobrs.set(txid, c);
        return send(201, c);
      }
    }
    return problem(404, 'NaoEncontrado');
  }
}
