import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { CASE_REASONS, formatInstant } from '@guarita/domain';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/Button';
import { QueryError } from '../../../components/ui/QueryError';
import { Select } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { useQueueCounts } from '../api/get-counts';
import { useStaffMe } from '../api/get-me';
import { useQueue, type QueueFilters } from '../api/get-queue';
import { useSessionEnded } from './use-session-ended';
import { ConsoleTitle } from './ConsoleTitle';
import { BulkBar, SelectAllBox, SelectCaseBox, useQueueSelection } from './QueueBulk';
import { useRememberQueueOrder } from './queue-order';
import styles from './Backoffice.module.css';

const ASSIGNEE_OPTIONS = [
  { value: 'eu', label: 'Meus casos' },
  { value: 'ninguem', label: 'Sem responsável' },
];
const STATUS_OPTIONS = [
  { value: 'New', label: 'Abertos' },
  { value: 'Closed', label: 'Encerrados' },
];

/** The role's queue: counts per reason, filters, oldest first, 'Carregar mais' (keyset pages). */
export function QueuePage() {
  // Financeiro works no cases: its desk is the console's home for it.
  if (useStaffMe().data?.papel === 'financeiro') return <Navigate to={paths.backoffice.finance} replace />;
  return <Queue />;
}

function Queue() {
  const [filters, setFilters] = useState<QueueFilters>({ status: 'New' });
  const queue = useQueue(filters);
  const counts = useQueueCounts();
  useSessionEnded(queue.error ?? counts.error);
  const form = useForm<QueueFilters>({ defaultValues: filters });
  const apply = form.handleSubmit((f) => setFilters({ ...f }));
  const rows = queue.data?.pages.flatMap((p) => p.itens) ?? [];
  const role = useStaffMe().data?.papel;
  // Bulk actions for the desks that change cases (admin reads only).
  const worker = role === 'atendimento' || role === 'sinistros' ? role : null;
  const listed = rows.map((c) => c.CaseNumber);
  const selection = useQueueSelection(listed);
  useRememberQueueOrder(listed);

  return (
    <>
      <ConsoleTitle>Fila de casos</ConsoleTitle>
      {counts.data && (
        <ul className={styles.counts} aria-label="Casos abertos por motivo">
          {counts.data.filas.map((f) => (
            <li key={f.motivo}>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  form.reset({ status: 'New', motivo: f.motivo });
                  setFilters({ status: 'New', motivo: f.motivo });
                }}
              >
                {f.motivo}: {f.abertos} {f.abertos === 1 ? 'aberto' : 'abertos'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.filters} onSubmit={apply} aria-label="Filtros da fila">
        <Select
          label="Motivo"
          placeholder="Todos"
          options={CASE_REASONS.map((r) => ({ value: r, label: r }))}
          {...form.register('motivo')}
        />
        <Select label="Situação" options={STATUS_OPTIONS} {...form.register('status')} />
        <Select label="Responsável" placeholder="Todos" options={ASSIGNEE_OPTIONS} {...form.register('responsavel')} />
        <TextField label="Fase" {...form.register('fase')} />
        <TextField label="Idade mínima (dias)" inputMode="numeric" {...form.register('idadeMinDias')} />
        <TextField label="Contrato" inputMode="numeric" {...form.register('contrato')} />
        <TextField label="CPF/CNPJ do cliente" {...form.register('documento')} />
        <Button type="submit">Filtrar</Button>
      </form>
      {queue.isPending ? (
        <Spinner />
      ) : queue.error ? (
        <QueryError error={queue.error} onRetry={() => queue.refetch()} retrying={queue.isFetching} />
      ) : rows.length === 0 ? (
        <p>Nenhum caso encontrado.</p>
      ) : (
        <>
          {worker && <BulkBar role={worker} selection={selection} />}
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="sr-only">Casos, do mais antigo ao mais novo</caption>
              <thead>
                <tr>
                  {worker && (
                    <th scope="col">
                      <SelectAllBox selection={selection} />
                    </th>
                  )}
                  <th scope="col">Caso</th>
                  <th scope="col">Motivo</th>
                  <th scope="col">Assunto</th>
                  <th scope="col">Fase</th>
                  <th scope="col">Aberto em</th>
                  <th scope="col">Contrato</th>
                  <th scope="col">Cliente</th>
                  <th scope="col">Responsável</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.Id}>
                    {worker && (
                      <td>
                        <SelectCaseBox selection={selection} caseNumber={c.CaseNumber} />
                      </td>
                    )}
                    <td>
                      <Link to={paths.backoffice.caseTo(c.CaseNumber)}>{c.CaseNumber}</Link>
                    </td>
                    <td>{c.Reason}</td>
                    <td>{c.Subject}</td>
                    <td>{c.Fase__c}</td>
                    <td>{formatInstant(c.CreatedDate)}</td>
                    <td>{c.nCtrId}</td>
                    <td>{c.documento}</td>
                    <td>
                      {c.responsavel ? (
                        c.responsavel.nome
                      ) : (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Ninguém</span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {queue.hasNextPage && (
        <Button type="button" variant="secondary" onClick={() => void queue.fetchNextPage()} loading={queue.isFetchingNextPage}>
          Carregar mais
        </Button>
      )}
    </>
  );
}

export default QueuePage;
