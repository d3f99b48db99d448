import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TestPki } from './certs';

/**
 * A local fake of a PSP's BCB "API Pix" (ADR 076) for the adapter's tests and the bench: HTTPS that demands a client
 * certificate of its CA (requestCert + rejectUnauthorized), OAuth2 client credentials at POST /oauth/token, and under
 * /api/v2 the documented shapes of PUT/GET /cob/{txid} and PUT/GET /pix/{e2eid}/devolucao/{id}; errors as RFC 7807 problem
 * details like the BCB's. `pay` is the payer's bank settling a charge; it answers the webhook body the PSP would POST
 * to {webhookUrl}/pix. Knobs: token lifetime, a failure to answer next, the fake's clock.
 */

export interface FakeCob {
  txid: string;
  revisao: number;
  calendario: { criacao: string; expiracao: number };
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; tipoCob: 'cob' };
  location: string;
  pixCopiaECola: string;
  pix: Array<{ endToEndId: string; txid: string; valor: string; horario: string; devolucoes?: FakeRefund[] }>;
}

export interface FakeRefund {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

export interface FakeApiPixOptions {
  pki: TestPki;
  clientId?: string;
  clientSecret?: string;
  /** `expires_in` of each token, seconds (default 3600). */
  tokenSeconds?: number;
}

const cents = (valor: string) => Math.round(Number(valor) * 100);
const reais = (c: number) => (c / 100).toFixed(2);

export class FakeApiPix {
  readonly clientId: string;
  readonly clientSecret: string;
  tokenSeconds: number;
  /** ms since epoch as the fake sees it (tests move it on to expire tokens). */
  now = () => Date.now();
  readonly cobs = new Map<string, FakeCob>();
  readonly calls: string[] = [];
  tokensIssued = 0;
  private readonly tokens = new Map<string, number>();
  private nextFailure: { status: number; path?: string } | null = null;
  private locSeq = 1000;
  private server!: Server;
  url = '';

  constructor(private readonly options: FakeApiPixOptions) {
    this.clientId = options.clientId ?? 'guarita-test-client';
    this.clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
    this.tokenSeconds = options.tokenSeconds ?? 3600;
  }

  /** The API base the adapter is configured with (PIX_API_URL). */
  get baseUrl(): string {
    return `${this.url}/api/v2`;
  }

  async start(port = 0): Promise<this> {
    const { pki } = this.options;
    this.server = createServer(
      { cert: pki.server.cert, key: pki.server.key, ca: pki.ca, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
      (req, res) => void this.handle(req, res),
    );
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `https://localhost:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next API call (not the token) answers this status; with `path`, the next call to that path only. */
  failNext(status: number, path?: string): void {
    this.nextFailure = { status, path };
  }

  /** Forgets every token, as a PSP may at any time (the client must fetch a new one on 401). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** The payer's bank pays `txid` (its whole amount unless told): the webhook body the PSP then POSTs to {webhookUrl}/pix. */
  pay(txid: string, valor?: string): { pix: Array<{ endToEndId: string; txid: string; valor: string; horario: string }> } {
    const cob = this.cobs.get(txid);
    if (!cob || cob.status !== 'ATIVA') throw new Error(`fake API Pix: no active cob ${txid}`);
    const horario = new Date(this.now()).toISOString();
    const stamp = horario.slice(0, 16).replace(/[-T:]/g, '');
    const endToEndId = `E18236120${stamp}${randomBytes(6).toString('hex').slice(0, 11)}`;
    const pix = { endToEndId, txid, valor: valor ?? cob.valor.original, horario };
    cob.pix.push(pix);
    cob.status = 'CONCLUIDA';
    return { pix: [{ ...pix }] };
  }

  /** The SPI settles a devolução: its new status, and the notification the PSP then POSTs to {webhookUrl}/pix. */
  settleRefund(endToEndId: string, id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO' = 'DEVOLVIDO') {
    const pix = this.findPix(endToEndId);
    const refund = pix?.devolucoes?.find((d) => d.id === id);
    if (!pix || !refund) throw new Error(`fake API Pix: no devolução ${id} of ${endToEndId}`);
    refund.status = status;
    refund.horario.liquidacao = new Date(this.now()).toISOString();
    return { pix: [{ endToEndId, txid: pix.txid, valor: pix.valor, horario: pix.horario, devolucoes: [{ ...refund }] }] };
  }

  private findPix(endToEndId: string) {
    return [...this.cobs.values()].flatMap((c) => c.pix).find((p) => p.endToEndId === endToEndId);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    this.calls.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' });
      res.end(JSON.stringify(body));
    };
    const problem = (status: number, title: string, detail?: string) =>
      send(status, { type: `https://pix.bcb.gov.br/api/v2/error/${title.replace(/\s/g, '')}`, title, status, detail });

    if (req.method === 'POST' && url.pathname === '/oauth/token') return this.token(req, raw, send, problem);

    const auth = req.headers.authorization ?? '';
    const expires = this.tokens.get(auth.replace(/^Bearer /, ''));
    if (!auth.startsWith('Bearer ') || expires === undefined || expires <= this.now()) return problem(401, 'AcessoNegado', 'token');
    if (this.nextFailure !== null && (!this.nextFailure.path || this.nextFailure.path === url.pathname)) {
      const { status } = this.nextFailure;
      this.nextFailure = null;
      return problem(status, 'ServicoIndisponivel');
    }
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return problem(400, 'RequisicaoInvalida', 'JSON');
    }
    const cob = url.pathname.match(/^\/api\/v2\/cob\/([A-Za-z0-9]{26,35})$/);
    if (cob && req.method === 'PUT') return this.putCob(cob[1]!, body, send, problem);
    if (cob && req.method === 'GET') {
      const found = this.cobs.get(cob[1]!);
      return found ? send(200, found) : problem(404, 'CobNaoEncontrado');
    }
    const dev = url.pathname.match(/^\/api\/v2\/pix\/([A-Za-z0-9]{32})\/devolucao\/([A-Za-z0-9]{1,35})$/);
    if (dev && req.method === 'PUT') return this.putRefund(dev[1]!, dev[2]!, body, send, problem);
    if (dev && req.method === 'GET') {
      const found = this.findPix(dev[1]!)?.devolucoes?.find((d) => d.id === dev[2]);
      return found ? send(200, found) : problem(404, 'DevolucaoNaoEncontrada');
    }
    return problem(404, 'NaoEncontrado');
  }

  private token(req: IncomingMessage, raw: string, send: (s: number, b: unknown) => void, problem: (s: number, t: string) => void): void {
    const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
    const expected = `${encodeURIComponent(this.clientId)}:${encodeURIComponent(this.clientSecret)}`;
    const given = Buffer.from(basic);
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) return problem(401, 'invalid_client');
    if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') return problem(400, 'unsupported_grant_type');
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, this.now() + this.tokenSeconds * 1000);
    this.tokensIssued++;
    send(200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.tokenSeconds,
      scope: 'cob.write cob.read pix.write pix.read',
    });
  }

  private putCob(
    txid: string,
    body: Record<string, unknown>,
    send: (s: number, b: unknown) => void,
    problem: (s: number, t: string, d?: string) => void,
  ): void {
    const cal = body.calendario as { expiracao?: unknown } | undefined;
    const valor = (body.valor as { original?: unknown } | undefined)?.original;
    if (typeof cal?.expiracao !== 'number' || !Number.isInteger(cal.expiracao) || cal.expiracao <= 0) {
      return problem(400, 'CobOperacaoInvalida', 'calendario.expiracao');
    }
    if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor) || cents(valor) <= 0)
      return problem(400, 'CobOperacaoInvalida', 'valor.original');
    if (typeof body.chave !== 'string' || body.chave === '') return problem(400, 'CobOperacaoInvalida', 'chave');
    if (this.cobs.has(txid)) return problem(409, 'CobOperacaoInvalida', 'txid já utilizado');
    const id = this.locSeq++;
    // Where the payer's bank fetches the charge (a JWS the PSP signs); never fetched in these tests.
    const location = `qr.psp-fake.example/v2/cob/${randomUUID().replace(/-/g, '')}`;
    const cob: FakeCob = {
      txid,
      revisao: 0,
      calendario: { criacao: new Date(this.now()).toISOString(), expiracao: cal.expiracao },
      status: 'ATIVA',
      valor: { original: valor },
      chave: body.chave,
      ...(typeof body.solicitacaoPagador === 'string' ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
      loc: { id, location, tipoCob: 'cob' },
      location,
      pixCopiaECola: `(the PSP's own BR Code for ${location})`,
      pix: [],
    };
    this.cobs.set(txid, cob);
    send(201, cob);
  }

  private putRefund(
    e2eid: string,
    id: string,
    body: Record<string, unknown>,
    send: (s: number, b: unknown) => void,
    problem: (s: number, t: string, d?: string) => void,
  ): void {
    const pix = this.findPix(e2eid);
    if (!pix) return problem(404, 'PixNaoEncontrado');
    const valor = body.valor;
    if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor) || cents(valor) <= 0)
      return problem(400, 'DevolucaoInvalida', 'valor');
    pix.devolucoes ??= [];
    const same = pix.devolucoes.find((d) => d.id === id);
    if (same) return same.valor === valor ? send(201, same) : problem(409, 'DevolucaoIdJaUtilizado');
    const done = pix.devolucoes.filter((d) => d.status !== 'NAO_REALIZADO').reduce((s, d) => s + cents(d.valor), 0);
    if (done + cents(valor) > cents(pix.valor)) return problem(400, 'DevolucaoValorMaiorQuePix', reais(cents(pix.valor) - done));
    const refund: FakeRefund = {
      id,
      rtrId: `D18236120${new Date(this.now()).toISOString().slice(0, 16).replace(/[-T:]/g, '')}${randomBytes(6).toString('hex').slice(0, 11)}`,
      valor,
      horario: { solicitacao: new Date(this.now()).toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    pix.devolucoes.push(refund);
    send(201, refund);
  }
}
