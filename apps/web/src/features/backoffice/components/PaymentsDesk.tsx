import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  DESK_PAYMENT_METHOD_LABEL,
  formatInstant,
  formatMoney,
  PAYMENT_REFUND_STATE_LABEL,
  REFUND_ROW_STATUS_LABEL,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { QueryError } from '../../../components/ui/QueryError';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { useDeskPayment, useDeskPayments, type DeskPayment, type DeskPaymentMethod, type PaymentFilters } from '../api/payments';
import { DeskTable, StatusFilter } from './DeskTable';
import { RefundDialog } from './RefundDialog';
import { useSessionEnded } from './use-session-ended';
import styles from './Backoffice.module.css';

const methodLabel = (m: DeskPaymentMethod) => DESK_PAYMENT_METHOD_LABEL[m];

/** Why a payment has no 'Estornar' (ADR 078): another provider took it, or no provider can give money back. */
const NOT_BY_PROVIDER: Record<Exclude<DeskPayment['estornoPor'], 'provedor'>, string> = {
  outro_provedor: 'Este pagamento foi feito por outro provedor que não o configurado agora: estorne no painel desse provedor.',
  manual:
    'Nenhum provedor configurado devolve este pagamento por API: devolva pelo banco (um crédito de Pix atrasado é então marcado como reembolsado em "Pix recebidos após o vencimento").',
};
const paymentName = (p: Pick<DeskPayment, 'metodo' | 'valor' | 'nCtrId'>) =>
  `${methodLabel(p.metodo)} de ${formatMoney(p.valor)} do contrato ${p.nCtrId}`;

/** What the provider told us about the payment, oldest first: time, kind, outcome, amount and the message itself. */
function ProviderTimeline({ events }: { events: NonNullable<ReturnType<typeof useDeskPayment>['data']>['eventos'] }) {
  if (events.length === 0) return <p>Nenhum evento do provedor registrado.</p>;
  return (
    <ol className={styles.timeline} aria-label="Eventos do provedor, do mais antigo ao mais novo">
      {events.map((e) => (
        <li key={e.id}>
          <strong>{formatInstant(e.recebidoEm)}</strong> · {e.tipo} · {e.provedor}
          {e.sucesso !== null && ` · ${e.sucesso ? 'sucesso' : 'falhou'}`}
          {e.valor !== null && ` · ${formatMoney(e.valor)}`}
          <details>
            <summary>Dados recebidos ({e.idEvento})</summary>
            <pre className={styles.payload}>{JSON.stringify(e.dados, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}

/** One payment: the provider and its reference, the refund state, the refunds, the provider's events; 'Estornar'. */
function PaymentDetail({
  metodo,
  id,
  canRefund,
  onClose,
}: {
  metodo: DeskPaymentMethod;
  id: string;
  canRefund: boolean;
  onClose: () => void;
}) {
  const q = useDeskPayment(metodo, id);
  const [refunding, setRefunding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useSessionEnded(q.error);
  // Keyboard and screen reader users land on the detail they opened.
  useEffect(() => heading.current?.focus(), [metodo, id, q.isPending]);
  if (q.isPending) return <Spinner />;
  if (q.error) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const p = q.data;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Pagamento: {paymentName(p)}
      </h3>
      {done && <Alert kind="success">{done}</Alert>}
      {p.alerta && <Alert kind="info">{p.alerta}</Alert>}
      <dl className={styles.fields}>
        <dt>Provedor</dt>
        <dd>{p.provedor}</dd>
        <dt>Referência no provedor</dt>
        <dd>
          <code>{p.referencia ?? '—'}</code>
        </dd>
        {p.txid && (
          <>
            <dt>txid</dt>
            <dd>
              <code>{p.txid}</code>
            </dd>
          </>
        )}
        {p.cartao && (
          <>
            <dt>Cartão</dt>
            <dd>{p.cartao}</dd>
          </>
        )}
        <dt>Pago em</dt>
        <dd>{formatInstant(p.pagoEm)}</dd>
        <dt>Faturas</dt>
        <dd>{p.faturas.length ? p.faturas.join(', ') : '— (crédito: as faturas foram pagas de outro modo)'}</dd>
        <dt>Valor pago</dt>
        <dd>{formatMoney(p.valor)}</dd>
        <dt>Estorno</dt>
        <dd>
          {PAYMENT_REFUND_STATE_LABEL[p.estorno]} · estornado {formatMoney(p.estornado)}
          {p.emAndamento > 0 && ` · em andamento ${formatMoney(p.emAndamento)}`} · pode estornar {formatMoney(p.estornavel)}
        </dd>
      </dl>
      {p.estornavel > 0 && p.estornoPor !== 'provedor' && <Alert kind="info">{NOT_BY_PROVIDER[p.estornoPor]}</Alert>}
      <div className={styles.actions}>
        {canRefund && p.estornavel > 0 && p.estornoPor === 'provedor' && (
          <Button type="button" onClick={() => (setDone(null), setRefunding(true))}>
            Estornar
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={onClose}>
          Fechar detalhes
        </Button>
      </div>
      <h4>Estornos</h4>
      {p.estornos.length === 0 ? (
        <p>Nenhum estorno.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="sr-only">Estornos deste pagamento, do mais antigo ao mais novo</caption>
            <thead>
              <tr>
                <th scope="col">Pedido em</th>
                <th scope="col">Valor</th>
                <th scope="col">Situação</th>
                <th scope="col">Motivo</th>
                <th scope="col">Pedido por</th>
                <th scope="col">Id no provedor</th>
              </tr>
            </thead>
            <tbody>
              {p.estornos.map((r) => (
                <tr key={r.id}>
                  <td>{formatInstant(r.pedidoEm)}</td>
                  <td>{formatMoney(r.valor)}</td>
                  <td>
                    {REFUND_ROW_STATUS_LABEL[r.status]}
                    {r.confirmadoEm && ` em ${formatInstant(r.confirmadoEm)}`}
                  </td>
                  <td>{r.motivo}</td>
                  <td>{r.pedidoPor}</td>
                  <td>
                    <code>{r.idProvedor ?? '—'}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4>Histórico do provedor</h4>
      <ProviderTimeline events={p.eventos} />
      <RefundDialog
        open={refunding}
        payment={p}
        title={`Estornar ${paymentName(p)}`}
        onClose={() => setRefunding(false)}
        onDone={(message) => {
          setRefunding(false);
          setDone(message);
        }}
      />
    </section>
  );
}

/** The desk's payments list: by method and contract, newest first; 'Ver detalhes' opens one below the list. */
export function PaymentsSection({ canRefund }: { canRefund: boolean }) {
  const [metodo, setMetodo] = useState<DeskPaymentMethod | ''>('');
  const [contractText, setContractText] = useState('');
  const [filters, setFilters] = useState<PaymentFilters>({});
  const [contractError, setContractError] = useState<string | undefined>();
  const [open, setOpen] = useState<{ metodo: DeskPaymentMethod; id: string } | null>(null);
  const q = useDeskPayments(filters);
  const rows = (q.data?.pages.flatMap((p) => p.itens) ?? []).map((p) => ({ id: `${p.metodo}-${p.id}`, p }));

  const search = (e: FormEvent) => {
    e.preventDefault();
    const t = contractText.trim();
    if (t && !/^\d{1,10}$/.test(t)) return setContractError('Informe o número do contrato (só dígitos).');
    setContractError(undefined);
    setFilters({ ...(metodo ? { metodo } : {}), ...(t ? { contrato: Number(t) } : {}) });
  };

  return (
    <section className={styles.section} aria-labelledby="pagamentos">
      <h2 id="pagamentos">Pagamentos</h2>
      <form className={styles.filters} onSubmit={search} role="search" aria-label="Filtrar pagamentos">
        <StatusFilter
          label="Forma de pagamento"
          placeholder="Todas"
          labels={DESK_PAYMENT_METHOD_LABEL}
          value={metodo}
          onChange={setMetodo}
        />
        <TextField
          label="Contrato"
          inputMode="numeric"
          value={contractText}
          error={contractError}
          onChange={(e) => setContractText(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
      </form>
      <DeskTable
        q={q}
        rows={rows}
        caption="Pagamentos (cartão, link, Pix, Pix Automático e créditos de Pix atrasado), do mais novo ao mais antigo"
        empty="Nenhum pagamento encontrado."
        columns={[
          ['Pago em', ({ p }) => formatInstant(p.pagoEm)],
          ['Contrato', ({ p }) => p.nCtrId],
          ['Cliente', ({ p }) => p.documento],
          ['Forma', ({ p }) => methodLabel(p.metodo)],
          ['Valor', ({ p }) => formatMoney(p.valor)],
          ['Provedor', ({ p }) => p.provedor],
          [
            'Estorno',
            ({ p }) =>
              `${PAYMENT_REFUND_STATE_LABEL[p.estorno]}${p.estornado > 0 ? ` (${formatMoney(p.estornado)})` : ''}${p.alerta && p.estornavel > 0 ? ' · a estornar' : ''}`,
          ],
          [
            'Detalhes',
            ({ p }) => (
              <Button
                type="button"
                variant="secondary"
                aria-label={`Ver detalhes: ${paymentName(p)}`}
                aria-expanded={open?.metodo === p.metodo && open.id === p.id}
                onClick={() => setOpen({ metodo: p.metodo, id: p.id })}
              >
                Ver detalhes
              </Button>
            ),
          ],
        ]}
      />
      {open && <PaymentDetail key={`${open.metodo}-${open.id}`} {...open} canRefund={canRefund} onClose={() => setOpen(null)} />}
    </section>
  );
}
