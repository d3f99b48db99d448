import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CASE_REASONS,
  QUEUE_SEARCH_MSG,
  QueueFilterForm,
  queuePhasesFor,
  type QueueFilterFormInput,
  type QueueFilters,
  type StaffRole,
} from '@guarita/domain';
import { Button } from '../../../../components/ui/Button';
import { Select } from '../../../../components/ui/Select';
import { TextField } from '../../../../components/ui/TextField';
import styles from './Queue.module.css';

const ASSIGNEE_OPTIONS = [
  { value: 'eu', label: 'Meus casos' },
  { value: 'ninguem', label: 'Sem responsável' },
];
const STATUS_OPTIONS = [
  { value: 'New', label: 'Abertos' },
  { value: 'Closed', label: 'Encerrados' },
];

interface Props {
  role: StaffRole;
  /** The filters in force (a count button outside the form sets them too). */
  value: QueueFilters;
  onApply: (f: QueueFilters) => void;
}

const asInput = (f: QueueFilters): QueueFilterFormInput => ({
  busca: f.busca ?? '',
  motivo: f.motivo ?? '',
  status: f.status,
  fase: f.fase ?? '',
  idadeMinDias: f.idadeMinDias === undefined ? '' : String(f.idadeMinDias),
  responsavel: f.responsavel ?? '',
});

/**
 * The queue's filters, validated in the form against the domain's schema (the API's own rules and pt-BR messages):
 * a bad value shows on its field and never reaches the API. The key of the form is the filters in force, so a count
 * button that sets them from outside redraws the fields.
 */
export function QueueFilterBar({ role, value, onApply }: Props) {
  const form = useForm<QueueFilterFormInput, unknown, QueueFilters>({
    resolver: zodResolver(QueueFilterForm),
    values: asInput(value),
  });
  const err = form.formState.errors;
  return (
    <form className={styles.filters} onSubmit={form.handleSubmit(onApply)} aria-label="Filtros da fila" noValidate>
      <TextField
        className={styles.search}
        label="Buscar"
        type="search"
        hint={QUEUE_SEARCH_MSG.help}
        error={err.busca?.message}
        {...form.register('busca')}
      />
      <Select
        label="Motivo"
        placeholder="Todos"
        options={CASE_REASONS.map((r) => ({ value: r, label: r }))}
        error={err.motivo?.message}
        {...form.register('motivo')}
      />
      <Select label="Situação" options={STATUS_OPTIONS} error={err.status?.message} {...form.register('status')} />
      <Select
        label="Responsável"
        placeholder="Todos"
        options={ASSIGNEE_OPTIONS}
        error={err.responsavel?.message}
        {...form.register('responsavel')}
      />
      <Select
        label="Fase"
        placeholder="Todas"
        options={queuePhasesFor(role).map((p) => ({ value: p, label: p }))}
        error={err.fase?.message}
        {...form.register('fase')}
      />
      <TextField label="Idade mínima (dias)" inputMode="numeric" error={err.idadeMinDias?.message} {...form.register('idadeMinDias')} />
      <div className={styles.filterActions}>
        <Button type="submit">Filtrar</Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            form.reset(asInput({ status: 'New' }));
            onApply({ status: 'New' });
          }}
        >
          Limpar
        </Button>
      </div>
    </form>
  );
}
