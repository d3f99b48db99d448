import { centsToPixAmount, pixAmountToCents, type Cents, type CobrStatus, type RecurrenceStatus } from '@guarita/domain';
import {
  parseSignedNotices,
  PixRecurrenceUnavailableError,
  type PixRecurrencePsp,
  type RecurrenceAtPsp,
  type RecurrenceNotice,
  type RecurrenceRequest,
  type RecurringChargeAtPsp,
  type RecurringChargeRequest,
} from '../pix-automatico';
import { PixPspUnavailableError } from '../pix-psp';
import { getDevolucao, putDevolucao } from './adapter';
import type { ApiPixClient, ApiPixResponse } from './client';

/** The receiver's account for `PUT /cobr` (`recebedor`), when the PSP asks for it. */
export interface RecurrenceReceiverAccount {
  agencia: string;
  conta: string;
  tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
}

interface RecBody {
  idRec: string;
  status: RecurrenceStatus;
  dadosQR?: { pixCopiaECola?: string };
}
interface CobrBody {
  txid: string;
  idRec: string;
  status: CobrStatus;
  valor?: { original?: string };
  pix?: Array<{ endToEndId: string; valor: string; horario: string }>;
}

/**
 * Pix Automático over a PSP's BCB API Pix (ADR 077), on the mTLS + OAuth2 client of ADR 076. Journey 2: `POST /locrec`,
 * `POST /rec` with that location, then `GET /rec/{idRec}` for the QR (`dadosQR.pixCopiaECola`, which the API gives only
 * on queries). `PATCH /rec/{idRec}` cancels; `PUT /cobr/{txid}` sends a bill (idempotent on the txid); `GET /cobr/{txid}`
 * confirms it. Not used: `/solicrec` (journey 1), which needs the payer's bank account (ISPB, branch, account) we do not
 * hold. A transport failure or a 5xx is `PixRecurrenceUnavailableError`; a 4xx is an error naming the PSP's problem type.
 */
export class ApiPixRecurrencePsp implements PixRecurrencePsp {
  readonly name = 'api-pix';

  constructor(
    private readonly client: ApiPixClient,
    private readonly opts: { webhookSecret: string | null; receiver?: RecurrenceReceiverAccount },
  ) {}

  async createRecurrence(req: RecurrenceRequest): Promise<RecurrenceAtPsp> {
    const loc = await this.call<{ id: number }>('POST', '/locrec', undefined, [201]);
    const created = await this.call<RecBody>(
      'POST',
      '/rec',
      {
        vinculo: { objeto: req.object, contrato: req.contract, devedor: { ...documentOf(req.debtor.document), nome: req.debtor.name } },
        calendario: { dataInicial: req.startDate, periodicidade: 'MENSAL' },
        valor: { valorRec: centsToPixAmount(req.amount) },
        politicaRetentativa: req.retryPolicy,
        loc: loc.id,
      },
      [201],
    );
    return this.getRecurrence(created.idRec);
  }

  async getRecurrence(idRec: string): Promise<RecurrenceAtPsp> {
    return toRecurrence(await this.call<RecBody>('GET', `/rec/${encodeURIComponent(idRec)}`, undefined, [200]));
  }

  async cancelRecurrence(idRec: string): Promise<RecurrenceAtPsp> {
    return toRecurrence(await this.call<RecBody>('PATCH', `/rec/${encodeURIComponent(idRec)}`, { status: 'CANCELADA' }, [200]));
  }

  async createRecurringCharge(req: RecurringChargeRequest): Promise<RecurringChargeAtPsp> {
    const body = await this.call<CobrBody>(
      'PUT',
      `/cobr/${encodeURIComponent(req.txid)}`,
      {
        idRec: req.idRec,
        infoAdicional: req.description.slice(0, 140),
        calendario: { dataDeVencimento: req.dueDate },
        valor: { original: centsToPixAmount(req.amount) },
        ajusteDiaUtil: true,
        devedor: { ...documentOf(req.debtor.document), nome: req.debtor.name },
        ...(this.opts.receiver ? { recebedor: this.opts.receiver } : {}),
      },
      [200, 201],
    );
    return toCharge(body);
  }

  async getRecurringCharge(txid: string): Promise<RecurringChargeAtPsp> {
    return toCharge(await this.call<CobrBody>('GET', `/cobr/${encodeURIComponent(txid)}`, undefined, [200]));
  }

  /** The devolução of the Pix that paid a cobr: the API Pix's one devolução call, whatever the Pix paid (ADR 078). */
  readonly refund: PixRecurrencePsp['refund'] = (req) => putDevolucao(this.client, req);
  readonly getRefund: PixRecurrencePsp['getRefund'] = (endToEndId, refundId) => getDevolucao(this.client, endToEndId, refundId);

  private closed: Promise<void> | null = null;

  /** Closes the client's connections (the app's onClose); once. */
  close(): Promise<void> {
    this.closed ??= this.client.close();
    return this.closed;
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): RecurrenceNotice[] | null {
    return parseSignedNotices(rawBody, headers, this.opts.webhookSecret);
  }

  private async call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, body: unknown, ok: number[]): Promise<T> {
    let res: ApiPixResponse<unknown>;
    try {
      res = await this.client.send(method, path, body);
    } catch (err) {
      if (err instanceof PixPspUnavailableError) throw new PixRecurrenceUnavailableError(err.message, { cause: err });
      throw err;
    }
    if (ok.includes(res.status)) return res.body as T;
    if (res.status >= 500) throw new PixRecurrenceUnavailableError(`API Pix ${method} ${path.split('/')[1]} answered ${res.status}`);
    const problem = (res.body ?? {}) as { type?: string; title?: string };
    throw new Error(
      `API Pix ${method} ${path.split('/')[1]} refused (${res.status} ${problem.type?.split('/').pop() ?? problem.title ?? ''})`,
    );
  }
}

const documentOf = (doc: string) => (doc.length === 11 ? { cpf: doc } : { cnpj: doc });

function toRecurrence(r: RecBody): RecurrenceAtPsp {
  return {
    idRec: r.idRec,
    status: r.status,
    copyPaste: r.status === 'CRIADA' ? (r.dadosQR?.pixCopiaECola ?? null) : null,
    approvalUrl: null,
  };
}

function toCharge(c: CobrBody): RecurringChargeAtPsp {
  const pix = c.pix?.[0];
  const amount = pix ? pixAmountToCents(pix.valor) : null;
  return {
    txid: c.txid,
    idRec: c.idRec,
    status: c.status,
    payment:
      c.status === 'CONCLUIDA' && pix && amount !== null
        ? { endToEndId: pix.endToEndId, amount: amount as Cents, at: new Date(pix.horario) }
        : null,
  };
}
