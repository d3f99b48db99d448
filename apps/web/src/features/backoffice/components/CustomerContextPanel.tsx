import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CONTEXT_BILL_LABEL, formatInstant, formatInstantWithTime, formatIsoDate, formatMoney } from '@guarita/domain';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/Button';
import { QueryError } from '../../../components/ui/QueryError';
import { Spinner } from '../../../components/ui/Spinner';
import { useCustomerContext, type CustomerContext } from '../api/get-customer-context';
import styles from './Backoffice.module.css';

const STATUS_LABEL = { New: 'Aberto', Closed: 'Encerrado' } as const;

/**
 * 'Contexto do cliente' (issue 30 item 15): read-only, and read only when staff ask for it — each read is audited and
 * shows in the customer's "who looked at my data", so the panel says so before the button.
 */
export function CustomerContextPanel({ caseNumber }: { caseNumber: string }) {
  const [open, setOpen] = useState(false);
  const q = useCustomerContext(caseNumber, open);
  const bodyId = useId();
  return (
    <section className={styles.section} aria-labelledby="contexto-cliente">
      <h2 id="contexto-cliente">Contexto do cliente</h2>
      <p className={styles.hint}>Contratos, faturas em aberto, outros casos e notificações. Cada consulta fica registrada na auditoria.</p>
      <div className={styles.actionsRow}>
        <Button type="button" variant="secondary" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Ocultar contexto do cliente' : 'Ver contexto do cliente'}
        </Button>
        {open && q.data && (
          <Button type="button" variant="secondary" onClick={() => void q.refetch()} loading={q.isFetching}>
            Consultar novamente
          </Button>
        )}
      </div>
      <div id={bodyId} hidden={!open}>
        {open && q.isPending && <Spinner />}
        {open && q.error && <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />}
        {open && q.data && <ContextBody d={q.data} />}
      </div>
    </section>
  );
}

function ContextBody({ d }: { d: CustomerContext }) {
  return (
    <div className={styles.context}>
      <dl className={styles.fields}>
        <dt>Nome</dt>
        <dd>{d.cliente.nome}</dd>
        <dt>Documento</dt>
        <dd>{d.cliente.documento}</dd>
      </dl>

      <h3>Contratos ({d.contratos.length})</h3>
      {d.contratos.length === 0 ? (
        <p>Nenhum contrato.</p>
      ) : (
        <ul className={styles.cards}>
          {d.contratos.map((k) => (
            <li key={k.nCtrId} className={styles.card}>
              <p>
                <strong>Contrato {k.nCtrId}</strong> · {k.plano} · {k.situacao}
              </p>
              <dl className={styles.fields}>
                <dt>Veículo</dt>
                <dd>{k.veiculo ?? '—'}</dd>
                <dt>Placa</dt>
                <dd>{k.placa ?? 'Sem placa'}</dd>
                <dt>Mensalidade</dt>
                <dd>{formatMoney(k.mensalidade)}</dd>
                <dt>Pagamento</dt>
                <dd>{k.formaPagamento}</dd>
                <dt>Situação de pagamento</dt>
                <dd>{k.totalVencido > 0 ? `Em atraso: ${formatMoney(k.totalVencido)}` : 'Em dia'}</dd>
              </dl>
              {k.faturasAbertas.length === 0 ? (
                <p>Nenhuma fatura em aberto.</p>
              ) : (
                <>
                  <h4>Faturas em aberto</h4>
                  <ul>
                    {k.faturasAbertas.map((b) => (
                      <li key={`${b.vencimento}-${b.situacao}-${b.valor}`}>
                        {CONTEXT_BILL_LABEL[b.situacao]} · vencimento {formatIsoDate(b.vencimento)} · {formatMoney(b.valor)}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <h3>Outros casos ({d.casos.length})</h3>
      <CaseLinks items={d.casos.map((c) => ({ ...c, extra: `contrato ${c.nCtrId}` }))} empty="Nenhum outro caso." />

      <h3>Sinistros ({d.sinistros.length})</h3>
      <CaseLinks
        items={d.sinistros.map((c) => ({
          ...c,
          extra: `${c.placa ? `placa ${c.placa}` : 'sem placa'}${c.perdaTotal ? ' · perda total' : ''}`,
        }))}
        empty="Nenhum outro sinistro."
      />

      <h3>Notificações enviadas ({d.notificacoes.length})</h3>
      {d.notificacoes.length === 0 ? (
        <p>Nenhuma notificação enviada.</p>
      ) : (
        <ul>
          {d.notificacoes.map((n, i) => (
            <li key={i}>
              {formatInstantWithTime(n.CreatedDate)} · {n.titulo} ({n.lida ? 'lida' : 'não lida'})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CaseLinks({
  items,
  empty,
}: {
  items: Array<{
    CaseNumber: string;
    Reason: string;
    Status: 'New' | 'Closed';
    Fase__c: string;
    CreatedDate: string;
    podeAbrir: boolean;
    extra: string;
  }>;
  empty: string;
}) {
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <ul>
      {items.map((c) => (
        <li key={c.CaseNumber}>
          {c.podeAbrir ? <Link to={paths.backoffice.caseTo(c.CaseNumber)}>Caso nº {c.CaseNumber}</Link> : <>Caso nº {c.CaseNumber}</>} ·{' '}
          {c.Reason} · {STATUS_LABEL[c.Status]} ({c.Fase__c}) · aberto em {formatInstant(c.CreatedDate)} · {c.extra}
        </li>
      ))}
    </ul>
  );
}
