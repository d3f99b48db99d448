import {
  DESK_PAYMENT_ID,
  DESK_PAYMENT_MSG,
  DESK_PAYMENT_METHODS,
  maskDocument,
  paymentRefundState,
  refundableCents,
  type DeskPaymentDetailDto,
  type DeskPaymentDto,
  type DeskPaymentMethod,
  type DeskPaymentPageDto,
  type DeskPaymentQuery,
  type PaymentRefundDto,
  type RefundRequestBody,
  type RefundResultDto,
} from '@guarita/domain';
import { AppError } from '../../lib/errors';
import type { CustomersService } from '../customers';
import type { DeskPaymentRow, PaymentRefunds, RefundRow, RefundTotals } from '../payments';
import type { AuditLog } from '../staff';
import type { Acting } from './service';

const iso = (v: Date | string) => new Date(v).toISOString();
const ZERO: RefundTotals = { refunded: 0, open: 0 };

/** The payments list's opaque keyset cursor: the last row's time, method and id. */
const encode = (r: DeskPaymentRow) => Buffer.from(JSON.stringify([iso(r.paid_at), r.method, r.id])).toString('base64url');
function decode(cursor: string | undefined): { at: string; method: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [at, method, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const known = (DESK_PAYMENT_METHODS as readonly unknown[]).includes(method);
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && known && typeof id === 'string' && DESK_PAYMENT_ID.test(id)) {
      return { at, method: method as string, id };
    }
  } catch {
    /* falls through */
  }
  throw new AppError(400, 'VALIDATION', 'Página inválida.');
}

function refundDto(r: RefundRow): PaymentRefundDto {
  return {
    id: r.id,
    valor: r.amount_cents,
    motivo: r.reason,
    status: r.status,
    idEstorno: r.refund_id,
    idProvedor: r.provider_refund_id,
    falha: r.failure_reason,
    pedidoPor: r.requested_by,
    pedidoEm: iso(r.requested_at),
    confirmadoEm: r.confirmed_at ? iso(r.confirmed_at) : null,
  };
}

/**
 * The financeiro desk's payments (issue 27 item 7, ADR 078): each payment (card, link, Pix, Pix Automático, late Pix
 * credit) with its provider reference,
 * the provider's events and the refunds; 'Estornar' goes through the provider, each step committed with its audit row.
 */
export class PaymentDesk {
  constructor(
    private readonly refunds: PaymentRefunds,
    private readonly customers: CustomersService,
    private readonly audit: AuditLog,
  ) {}

  private async dtos(rows: DeskPaymentRow[], totals: Map<string, RefundTotals>): Promise<DeskPaymentDto[]> {
    const people = await this.customers.documents([...new Set(rows.map((r) => r.customer_id))]);
    return rows.map((r) => {
      const t = totals.get(`${r.method}:${r.id}`) ?? ZERO;
      return {
        metodo: r.method,
        id: r.id,
        nCtrId: r.n_ctr_id,
        documento: maskDocument(people.get(r.customer_id)?.document ?? ''),
        faturas: r.doc_entries,
        valor: r.amount_cents,
        estornado: t.refunded,
        emAndamento: t.open,
        estornavel: refundableCents(r.amount_cents, t.refunded, t.open),
        estorno: paymentRefundState(r.amount_cents, t.refunded, t.open),
        provedor: r.provider,
        referencia: r.reference,
        estornoPor: this.refunds.routeOf(r.method, r.provider),
        txid: r.txid,
        cartao: r.card_last4 ? `${r.card_brand ?? 'cartão'} •••• ${r.card_last4}` : null,
        pagoEm: iso(r.paid_at),
        alerta: r.refund_due ? DESK_PAYMENT_MSG.lateCardApproval : null,
      };
    });
  }

  async list(f: DeskPaymentQuery): Promise<DeskPaymentPageDto> {
    const { rows, totals } = await this.refunds.list({
      ...(f.metodo ? { method: f.metodo } : {}),
      ...(f.contrato ? { nCtrId: f.contrato } : {}),
      limit: f.limite + 1,
      before: decode(f.cursor),
    });
    const shown = rows.slice(0, f.limite);
    const last = shown.at(-1);
    return { itens: await this.dtos(shown, totals), proximo: rows.length > f.limite && last ? encode(last) : null };
  }

  async detail(method: DeskPaymentMethod, id: string): Promise<DeskPaymentDetailDto> {
    const d = await this.refunds.detail(method, id);
    const [payment] = await this.dtos([d.payment], new Map([[`${method}:${id}`, d.totals]]));
    return {
      ...payment!,
      eventos: d.events.map((e) => ({
        id: e.id,
        provedor: e.provider,
        tipo: e.kind,
        idEvento: e.event_id,
        referencia: e.provider_reference,
        sucesso: e.success,
        valor: e.amount_cents,
        recebidoEm: iso(e.received_at),
        dados: e.payload,
      })),
      estornos: d.refunds.map(refundDto),
    };
  }

  /** 'Estornar': through the provider, audited; answers the refund and the payment after it, and whether it is new. */
  async refund(
    s: Acting,
    method: DeskPaymentMethod,
    id: string,
    idemKey: string,
    body: RefundRequestBody,
  ): Promise<{ body: RefundResultDto; fresh: boolean }> {
    const { row, fresh } = await this.refunds.refund({ id: s.id, email: s.email }, method, id, idemKey, body, (tx, e) =>
      this.audit.record(tx, { id: s.id, email: s.email, role: s.role, ip: s.ip }, e),
    );
    const { eventos: _e, estornos: _r, ...pagamento } = await this.detail(method, id);
    return { body: { estorno: refundDto(row), pagamento }, fresh };
  }
}
