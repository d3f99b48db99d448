import type { QueueOrder } from '@guarita/domain';
import type { QueueItem } from '../../api/get-queue';
import { ORDER_LABEL, type QueueColumn } from './columns';
import styles from './Queue.module.css';

interface Props {
  columns: readonly QueueColumn[];
  rows: readonly QueueItem[];
  order: QueueOrder;
  onOrder: (order: QueueOrder) => void;
  /** The rows are the last filter's while the new one loads: marked busy and dimmed, so nobody opens a stale row. */
  stale?: boolean;
}

const ariaSort = (col: QueueColumn, order: QueueOrder) =>
  col.sort?.asc === order ? 'ascending' : col.sort?.desc === order ? 'descending' : col.sort ? 'none' : undefined;

/** The queue's table, drawn from a column list; sortable headers are buttons (a phone shows each row as a card). */
export function QueueTable({ columns, rows, order, onOrder, stale = false }: Props) {
  return (
    <table className={styles.table} aria-busy={stale || undefined} data-stale={stale ? '' : undefined}>
      <caption className="sr-only">Casos ordenados {ORDER_LABEL[order]}</caption>
      <thead>
        <tr>
          {columns.map((col) => {
            const sort = ariaSort(col, order);
            return (
              <th
                key={col.id}
                scope="col"
                aria-sort={sort}
                data-sortable={col.sort ? '' : undefined}
                data-control={col.renderHeader ? '' : undefined}
              >
                {col.sort ? (
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={() => onOrder(sort === 'ascending' ? col.sort!.desc : col.sort!.asc)}
                  >
                    {col.header}
                    <span aria-hidden="true" className={styles.sortMark}>
                      {sort === 'ascending' ? '▲' : sort === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                ) : (
                  (col.renderHeader?.() ?? col.header)
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.Id}>
            {columns.map((col) => (
              <td key={col.id} data-label={col.header}>
                {col.cell(c)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
