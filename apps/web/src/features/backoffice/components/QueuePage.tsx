import { useState } from 'react';
import { Navigate } from 'react-router';
import type { QueueFilters, QueueOrder, StaffRole } from '@guarita/domain';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/Button';
import { QueryError } from '../../../components/ui/QueryError';
import { Spinner } from '../../../components/ui/Spinner';
import { useQueueCounts } from '../api/get-counts';
import { useStaffMe } from '../api/get-me';
import { useQueue } from '../api/get-queue';
import { QUEUE_COLUMNS } from './queue/columns';
import { NewCasesNotice } from './queue/NewCasesNotice';
import { QueueFilterBar } from './queue/QueueFilterBar';
import { QueueTable } from './queue/QueueTable';
import { SlaTargetsSection } from './queue/SlaTargetsSection';
import { useSessionEnded } from './use-session-ended';
import { ConsoleTitle } from './ConsoleTitle';
import { BulkBar, SelectAllBox, SelectCaseBox, useQueueSelection } from './QueueBulk';
import { useRememberQueueOrder } from './queue-order';
import type { QueueColumn } from './queue/columns';
import styles from './Backoffice.module.css';

/**
 * The role's queue: counts per reason, search and filters, each case's age and time left (most urgent first by
 * default), sortable columns, a live count of new cases, 'Carregar mais' (keyset pages). Admin also sets the targets.
 */
export function QueuePage() {
  const me = useStaffMe().data;
  // Financeiro works no cases: its desk is the console's home for it.
  if (me?.papel === 'financeiro') return <Navigate to={paths.backoffice.finance} replace />;
  return me ? <Queue role={me.papel} /> : <Spinner />;
}

function Queue({ role }: { role: StaffRole }) {
  const [filters, setFilters] = useState<QueueFilters>({ status: 'New' });
  const [order, setOrder] = useState<QueueOrder>('restante');
  const queue = useQueue(filters, order);
  const counts = useQueueCounts();
  useSessionEnded(queue.error ?? counts.error);
  const rows = queue.data?.pages.flatMap((p) => p.itens) ?? [];
  const readAt = queue.data?.pages[0]?.agora;
  // Bulk actions for the desks that change cases (admin reads only): a row checkbox is the first column.
  const worker = role === 'atendimento' || role === 'sinistros' ? role : null;
  const listed = rows.map((c) => c.CaseNumber);
  const selection = useQueueSelection(listed);
  useRememberQueueOrder(listed);
  const select: QueueColumn = {
    id: 'selecionar',
    header: 'Selecionar',
    renderHeader: () => <SelectAllBox selection={selection} />,
    cell: (c) => <SelectCaseBox selection={selection} caseNumber={c.CaseNumber} />,
  };
  const columns = worker ? [select, ...QUEUE_COLUMNS] : QUEUE_COLUMNS;

  return (
    <>
      <ConsoleTitle>Fila de casos</ConsoleTitle>
      {counts.data && (
        <ul className={styles.counts} aria-label="Casos abertos por motivo">
          {counts.data.filas.map((f) => (
            <li key={f.motivo}>
              <Button type="button" variant="secondary" onClick={() => setFilters({ status: 'New', motivo: f.motivo })}>
                {f.motivo}: {f.abertos} {f.abertos === 1 ? 'aberto' : 'abertos'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <QueueFilterBar role={role} value={filters} onApply={setFilters} />
      {filters.status === 'New' && (
        <NewCasesNotice since={readAt} showing={queue.isRefetching && !queue.isFetchingNextPage} onShow={() => void queue.refetch()} />
      )}
      {queue.isPending ? (
        <Spinner />
      ) : queue.error ? (
        <QueryError error={queue.error} onRetry={() => queue.refetch()} retrying={queue.isFetching} />
      ) : rows.length === 0 ? (
        <p>Nenhum caso encontrado.</p>
      ) : (
        <>
          {worker && <BulkBar role={worker} selection={selection} />}
          <QueueTable columns={columns} rows={rows} order={order} onOrder={setOrder} stale={queue.isPlaceholderData} />
        </>
      )}
      {queue.hasNextPage && (
        <Button type="button" variant="secondary" onClick={() => void queue.fetchNextPage()} loading={queue.isFetchingNextPage}>
          Carregar mais
        </Button>
      )}
      {role === 'admin' && <SlaTargetsSection />}
    </>
  );
}

export default QueuePage;
