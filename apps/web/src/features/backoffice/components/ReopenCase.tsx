import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { REOPEN_LIMITS, REOPEN_MSG, ReopenBody } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { TextArea } from '../../../components/ui/TextArea';
import { useReopenCase } from '../api/reopen-case';
import styles from './Backoffice.module.css';

/**
 * 'Reabrir caso' (issue 30 item 7): a closed case of this desk opens again with the reason staff give (a staff
 * note and the audit row); the dialog's Cancelar or Esc change nothing. After it, a notice says so and takes the
 * focus, since the button that opened the dialog is gone.
 */
export function ReopenCase({ caseNumber, canReopen }: { caseNumber: string; canReopen: boolean }) {
  const reopen = useReopenCase(caseNumber);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  const form = useForm<z.input<typeof ReopenBody>, unknown, z.output<typeof ReopenBody>>({
    resolver: zodResolver(ReopenBody),
    defaultValues: { motivo: '' },
  });
  // The notice appears once the case is read again (open): it takes the focus then.
  useEffect(() => {
    if (done && !canReopen) notice.current?.focus();
  }, [done, canReopen]);
  const close = () => {
    if (reopen.isPending) return;
    setOpen(false);
    reopen.reset();
    form.reset({ motivo: '' });
  };
  const submit = form.handleSubmit(({ motivo }) =>
    reopen.mutate(motivo, {
      onSuccess: () => {
        setOpen(false);
        form.reset({ motivo: '' });
        setDone(true);
      },
    }),
  );

  if (!canReopen)
    return done ? (
      <div ref={notice} tabIndex={-1}>
        <Alert kind="success">{REOPEN_MSG.done} Ele pode receber comentários e mudar de fase de novo.</Alert>
      </div>
    ) : null;
  return (
    <section className={styles.section} aria-labelledby="reabrir">
      <h2 id="reabrir">Caso encerrado</h2>
      <p>Um caso encerrado não recebe comentários nem muda de fase. Reabra-o informando o motivo.</p>
      <Button type="button" variant="secondary" onClick={() => (setDone(false), setOpen(true))}>
        Reabrir caso
      </Button>
      <Modal
        open={open}
        title="Reabrir caso?"
        onClose={close}
        actions={
          <>
            <Button type="submit" form="reopen-form" loading={reopen.isPending}>
              Confirmar reabertura
            </Button>
            <Button type="button" variant="secondary" disabled={reopen.isPending} onClick={close}>
              Cancelar
            </Button>
          </>
        }
      >
        {reopen.error && <Alert>{reopen.error.message}</Alert>}
        <form id="reopen-form" className={styles.stack} onSubmit={submit} noValidate>
          <TextArea
            label="Motivo da reabertura"
            hint={`De ${REOPEN_LIMITS.min} a ${REOPEN_LIMITS.max} caracteres. Fica nas notas internas e na auditoria; o cliente vê que o caso foi reaberto.`}
            maxLength={REOPEN_LIMITS.max}
            counter
            error={form.formState.errors.motivo?.message}
            {...form.register('motivo')}
          />
        </form>
      </Modal>
    </section>
  );
}
