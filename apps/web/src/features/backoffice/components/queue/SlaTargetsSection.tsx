import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CASE_REASONS, formatTargetHours, SLA_MSG, SlaTargetForm, type SlaTargetFormInput } from '@guarita/domain';
import { Button } from '../../../../components/ui/Button';
import { QueryError } from '../../../../components/ui/QueryError';
import { Select } from '../../../../components/ui/Select';
import { Spinner } from '../../../../components/ui/Spinner';
import { TextField } from '../../../../components/ui/TextField';
import { Alert } from '../../../../components/ui/Alert';
import { apiErrorText } from '../../../../lib/api';
import { useSlaTargets } from '../../api/get-sla-targets';
import { useSetSlaTarget } from '../../api/set-sla-target';
import styles from './Queue.module.css';

/** Admin's section of the queue page: each Reason's SLA target and a form to change one (audited by the API). */
export function SlaTargetsSection() {
  const targets = useSlaTargets();
  const save = useSetSlaTarget();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<SlaTargetFormInput, unknown, { motivo: string; horas: number }>({
    resolver: zodResolver(SlaTargetForm),
    defaultValues: { motivo: '' as never, horas: '' },
  });
  const err = form.formState.errors;
  const submit = form.handleSubmit((v) => {
    setSaved(null);
    save.mutate(v, { onSuccess: () => setSaved(SLA_MSG.saved(v.motivo, formatTargetHours(v.horas))) });
  });

  return (
    <section className={styles.section} aria-labelledby="prazos-titulo">
      <h2 id="prazos-titulo">Prazos por motivo</h2>
      <p>O prazo de cada motivo conta a partir da abertura do caso. Mudar um prazo recalcula os casos abertos desse motivo.</p>
      {targets.isPending ? (
        <Spinner />
      ) : targets.error ? (
        <QueryError error={targets.error} onRetry={() => targets.refetch()} retrying={targets.isFetching} />
      ) : (
        <table className={styles.targets}>
          <caption className="sr-only">Prazo de cada motivo</caption>
          <thead>
            <tr>
              <th scope="col">Motivo</th>
              <th scope="col">Prazo</th>
            </tr>
          </thead>
          <tbody>
            {targets.data.prazos.map((p) => (
              <tr key={p.motivo}>
                <td>{p.motivo}</td>
                <td>{formatTargetHours(p.horas)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className={styles.filters} onSubmit={submit} aria-label="Alterar prazo" noValidate>
        <Select
          label="Motivo do prazo"
          placeholder="Selecione"
          options={CASE_REASONS.map((r) => ({ value: r, label: r }))}
          error={err.motivo?.message}
          {...form.register('motivo')}
        />
        <TextField label="Prazo (horas)" inputMode="numeric" error={err.horas?.message} {...form.register('horas')} />
        <div className={styles.filterActions}>
          <Button type="submit" loading={save.isPending}>
            Salvar prazo
          </Button>
        </div>
      </form>
      {saved && <Alert kind="success">{saved}</Alert>}
      {save.error && <Alert>{apiErrorText(save.error, 'Não foi possível salvar o prazo. Tente novamente.')}</Alert>}
    </section>
  );
}
