import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAge, formatInstantWithTime, formatTimeLeft, type QueueOrder } from '@guarita/domain';
import { paths } from '../../../../lib/paths';
import type { QueueItem } from '../../api/get-queue';
import styles from './Queue.module.css';

/**
 * One column of the queue table. The table draws its header and each row's cell from this list, so a column is one
 * entry here (a feature that adds one, such as the assignee, adds an entry; a row checkbox is a column too).
 */
export interface QueueColumn {
  id: string;
  /** The header's text (also each cell's label on a phone, where rows become cards). */
  header: string;
  /** A header that is not its text (a select-all box); the text stays the cell label. */
  renderHeader?: () => ReactNode;
  cell: (c: QueueItem) => ReactNode;
  /** Sortable: the order for ascending and for descending (the header becomes a button, the th has aria-sort). */
  sort?: { asc: QueueOrder; desc: QueueOrder };
}

/** Time left, with the breach in words (not colour alone). */
function TimeLeft({ c }: { c: QueueItem }) {
  const text = formatTimeLeft(c.sla.restanteMinutos);
  if (!c.sla.estourado) return <>{text}</>;
  return (
    <strong className={styles.breached}>
      <span aria-hidden="true">⚠ </span>
      {text}
    </strong>
  );
}

export const QUEUE_COLUMNS: readonly QueueColumn[] = [
  { id: 'caso', header: 'Caso', cell: (c) => <Link to={paths.backoffice.caseTo(c.CaseNumber)}>{c.CaseNumber}</Link> },
  { id: 'motivo', header: 'Motivo', cell: (c) => c.Reason },
  { id: 'fase', header: 'Fase', cell: (c) => c.Fase__c },
  {
    id: 'restante',
    header: 'Tempo restante',
    cell: (c) => <TimeLeft c={c} />,
    sort: { asc: 'restante', desc: 'restante-desc' },
  },
  {
    id: 'idade',
    header: 'Aberto há',
    cell: (c) => (
      <time dateTime={c.CreatedDate} title={formatInstantWithTime(c.CreatedDate)}>
        {formatAge(c.sla.idadeMinutos)}
      </time>
    ),
    // Age ascending: the newest first.
    sort: { asc: 'idade', desc: 'idade-desc' },
  },
  { id: 'contrato', header: 'Contrato', cell: (c) => c.nCtrId },
  { id: 'cliente', header: 'Cliente', cell: (c) => c.documento },
  {
    id: 'responsavel',
    header: 'Responsável',
    cell: (c) =>
      c.responsavel ? (
        c.responsavel.nome
      ) : (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">Ninguém</span>
        </>
      ),
  },
];

/** How the table's caption says the order. */
export const ORDER_LABEL: Record<QueueOrder, string> = {
  restante: 'pelo tempo restante, do menor para o maior',
  'restante-desc': 'pelo tempo restante, do maior para o menor',
  idade: 'pela idade, do mais novo ao mais antigo',
  'idade-desc': 'pela idade, do mais antigo ao mais novo',
};
