import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { QueryError } from '../../../components/ui/QueryError';
import { Select } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { useSessionEnded } from './use-session-ended';
import styles from './Backoffice.module.css';

const options = <K extends string>(labels: Record<K, string>) => (Object.keys(labels) as K[]).map((k) => ({ value: k, label: labels[k] }));

export interface DeskQuery {
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A desk list's states: loading, error with 'Tentar novamente', empty, the table, 'Carregar mais'. */
export function DeskTable<R extends { id: number | string }>({
  q,
  rows,
  caption,
  columns,
  empty = 'Nada encontrado.',
}: {
  q: DeskQuery;
  /** What an empty list says. */
  empty?: string;
  rows: R[];
  caption: string;
  /** header and cell of each column */
  columns: Array<[string, (r: R) => ReactNode]>;
}) {
  useSessionEnded(q.error);
  if (q.isPending) return <Spinner />;
  if (q.error) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map(([h]) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                {columns.map(([h, cell]) => (
                  <td key={h}>{cell(r)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {q.hasNextPage && (
        <Button type="button" variant="secondary" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
          Carregar mais
        </Button>
      )}
    </>
  );
}

/** A desk section with its status filter ('' = every status). */
export function StatusFilter<K extends string>(props: {
  label: string;
  placeholder: string;
  labels: Record<K, string>;
  value: K | '';
  onChange: (v: K | '') => void;
}) {
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      options={options(props.labels)}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as K | '')}
    />
  );
}
