import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AssignColleagueForm, STAFF_ROLE_LABEL } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { useAssignCase } from '../api/assign-case';
import { useAssignment } from '../api/assignment';
import { useStaffMe } from '../api/get-me';
import { usePresence } from '../api/presence';
import { Kbd } from './CaseKeyboard';
import styles from './Backoffice.module.css';

/**
 * 'Também neste caso agora: …' (issue 30 item 10): the page's heartbeat answers who else has the case open, read
 * again every few seconds. A live region, so a screen reader hears when someone arrives.
 */
export function CasePresence({ caseNumber }: { caseNumber: string }) {
  const presence = usePresence(caseNumber);
  const others = presence.data?.outros ?? [];
  return (
    <p role="status" className={others.length > 0 ? styles.presence : styles.presenceEmpty}>
      {others.length > 0 && `Também neste caso agora: ${others.map((o) => `${o.nome} (${STAFF_ROLE_LABEL[o.papel]})`).join(', ')}`}
    </p>
  );
}

/** Who works the case: 'Atribuir a mim' (shortcut A), a colleague of the desk, or nobody. Every change is audited. */
export function CaseAssignment({ caseNumber }: { caseNumber: string }) {
  return (
    <section className={styles.section} aria-labelledby="responsavel">
      <h2 id="responsavel">Responsável</h2>
      <Assignment caseNumber={caseNumber} />
    </section>
  );
}

function Assignment({ caseNumber }: { caseNumber: string }) {
  const q = useAssignment(caseNumber);
  const me = useStaffMe().data;
  const assign = useAssignCase(caseNumber);
  const [done, setDone] = useState('');
  const form = useForm<z.input<typeof AssignColleagueForm>, unknown, z.output<typeof AssignColleagueForm>>({
    resolver: zodResolver(AssignColleagueForm),
    defaultValues: { responsavelId: '' },
  });
  const run = (id: number | null, message: string) => {
    setDone('');
    assign.mutate(id, { onSuccess: () => setDone(message) });
  };
  if (q.isPending) return <Spinner />;
  if (q.error) return <Alert>{q.error.message}</Alert>;
  const { responsavel, colegas, podeAlterar } = q.data;
  const mine = responsavel !== null && responsavel.id === me?.id;
  const others = colegas.filter((c) => c.id !== me?.id && c.id !== responsavel?.id);
  return (
    <div className={styles.stack}>
      <p>
        {responsavel === null
          ? 'Ninguém atribuído.'
          : mine
            ? 'Atribuído a você.'
            : `Atribuído a ${responsavel.nome} (${STAFF_ROLE_LABEL[responsavel.papel]}).`}
      </p>
      {assign.error && <Alert>{assign.error.message}</Alert>}
      <p role="status" className={done ? undefined : 'sr-only'}>
        {done}
      </p>
      {podeAlterar && (
        <div className={styles.assignRow}>
          {!mine && me && (
            <Button
              type="button"
              data-shortcut="a"
              aria-keyshortcuts="a"
              loading={assign.isPending}
              onClick={() => run(me.id, 'Caso atribuído a você.')}
            >
              Atribuir a mim <Kbd>A</Kbd>
            </Button>
          )}
          {others.length > 0 && (
            <form
              className={styles.assignForm}
              noValidate
              onSubmit={form.handleSubmit(({ responsavelId }) => {
                const who = colegas.find((c) => c.id === responsavelId);
                run(responsavelId, `Caso atribuído a ${who?.nome ?? 'colega'}.`);
                form.reset({ responsavelId: '' });
              })}
            >
              <Select
                label="Atribuir a um colega"
                placeholder="Escolha um colega"
                options={others.map((c) => ({ value: String(c.id), label: c.nome }))}
                error={form.formState.errors.responsavelId?.message}
                {...form.register('responsavelId')}
              />
              <Button type="submit" variant="secondary" disabled={assign.isPending}>
                Atribuir
              </Button>
            </form>
          )}
          {responsavel !== null && (
            <Button type="button" variant="secondary" disabled={assign.isPending} onClick={() => run(null, 'Atribuição removida.')}>
              Remover atribuição
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
