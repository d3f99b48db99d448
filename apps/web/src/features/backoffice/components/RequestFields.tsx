import { requestLines, type RequestLine } from '@guarita/domain';
import styles from './Backoffice.module.css';

function Lines({ lines }: { lines: RequestLine[] }) {
  return (
    <dl className={`${styles.fields} ${styles.requestFields}`}>
      {lines.map((l) => (
        <div key={l.key} className={styles.fieldRow}>
          <dt>{l.label}</dt>
          <dd>{!('items' in l) ? l.value : l.items.length > 0 ? <Lines lines={l.items} /> : '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 'Solicitação enviada' (issue 30 item 5): every field with its pt-BR label, local times, Sim/Não, money and the
 * JSON a request carries (registration data, the vehicle quotation) as a sub-list; the payload as sent stays
 * behind 'Dados técnicos' for whoever needs the CRM's own names.
 */
export function RequestFields({ solicitacao }: { solicitacao: Record<string, unknown> }) {
  return (
    <>
      <Lines lines={requestLines(solicitacao)} />
      <details className={styles.technical}>
        <summary>Dados técnicos</summary>
        <pre>{JSON.stringify(solicitacao, null, 2)}</pre>
      </details>
    </>
  );
}
