import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { RejectBody, StaffCommentBody, type DecisionPreviewDto } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Select } from '../../../components/ui/Select';
import { TextArea } from '../../../components/ui/TextArea';
import { useAddStaffComment } from '../api/add-comment';
import { AttachmentInput, CannedReplyPicker, PendingPlaceholders, useStaffCommentFile } from './CommentExtras';
import { useApproveRequest } from '../api/approve-request';
import { useMovePhase } from '../api/move-phase';
import { useRejectRequest } from '../api/reject-request';
import { useSetTotalLoss } from '../api/set-total-loss';
import { ApproveDialog } from './ApproveDialog';
import styles from './Backoffice.module.css';

/** 'Mudar fase': only the phases the state machine allows from here. */
export function PhaseMove({ caseNumber, phases }: { caseNumber: string; phases: string[] }) {
  const move = useMovePhase(caseNumber);
  const form = useForm<{ fase: string }>({ defaultValues: { fase: phases[0] ?? '' } });
  if (phases.length === 0) return <p>Nenhuma mudança de fase disponível.</p>;
  return (
    <form className={styles.stack} onSubmit={form.handleSubmit(({ fase }) => move.mutate(fase))}>
      {move.error && <Alert>{move.error.message}</Alert>}
      <Select label="Nova fase" options={phases.map((p) => ({ value: p, label: p }))} {...form.register('fase')} />
      <Button type="submit" loading={move.isPending}>
        Mover fase
      </Button>
    </form>
  );
}

export function TotalLoss({ caseNumber, value }: { caseNumber: string; value: boolean }) {
  const set = useSetTotalLoss(caseNumber);
  return (
    <div className={styles.stack}>
      {set.error && <Alert>{set.error.message}</Alert>}
      <p>Perda total (Qualificado_como_PT__c): {value ? 'Sim' : 'Não'}</p>
      <Button type="button" variant="secondary" onClick={() => set.mutate(!value)} loading={set.isPending}>
        {value ? 'Desmarcar perda total' : 'Marcar perda total'}
      </Button>
    </div>
  );
}

/** A comment the customer reads, or a staff-only note ('Nota interna'). */
export function CommentForm({ caseNumber }: { caseNumber: string }) {
  const add = useAddStaffComment(caseNumber);
  const attach = useStaffCommentFile(caseNumber);
  const form = useForm<z.input<typeof StaffCommentBody>, unknown, z.output<typeof StaffCommentBody>>({
    resolver: zodResolver(StaffCommentBody),
    defaultValues: { texto: '', interno: false },
  });
  const submit = form.handleSubmit((v) => {
    const done = { onSuccess: () => form.reset({ texto: '', interno: v.interno }) };
    if (attach.file) attach.send(v, done);
    else add.mutate(v, done);
  });
  const error = add.error ?? attach.error;
  return (
    <form className={`${styles.stack} ${styles.fit}`} onSubmit={submit} noValidate>
      {error && <Alert>{error.message}</Alert>}
      <CannedReplyPicker caseNumber={caseNumber} onPick={(t) => form.setValue('texto', t, { shouldDirty: true, shouldValidate: true })} />
      <TextArea label="Comentário" maxLength={4000} error={form.formState.errors.texto?.message} {...form.register('texto')} />
      <PendingPlaceholders text={form.watch('texto')} />
      <Checkbox label="Nota interna (o cliente não vê)" {...form.register('interno')} />
      <AttachmentInput file={attach.file} onChange={attach.choose} error={attach.problem} />
      <Button type="submit" loading={add.isPending || attach.isPending}>
        Enviar comentário
      </Button>
    </form>
  );
}

/** Registration, due-date, plan or vehicle change: approve (the new data is applied) or reject with the reason the customer reads. */
export function Decision({ caseNumber, preview }: { caseNumber: string; preview: DecisionPreviewDto | null }) {
  const approve = useApproveRequest(caseNumber);
  const [confirming, setConfirming] = useState(false);
  const reject = useRejectRequest(caseNumber);
  const form = useForm<z.input<typeof RejectBody>, unknown, z.output<typeof RejectBody>>({
    resolver: zodResolver(RejectBody),
    defaultValues: { motivo: '' },
  });
  return (
    <div className={styles.stack}>
      {reject.error && <Alert>{reject.error.message}</Alert>}
      <Button type="button" onClick={() => (approve.reset(), setConfirming(true))}>
        Aprovar alteração
      </Button>
      <ApproveDialog
        open={confirming}
        preview={preview}
        pending={approve.isPending}
        error={approve.error?.message ?? null}
        onConfirm={() => approve.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
      <form className={styles.stack} onSubmit={form.handleSubmit(({ motivo }) => reject.mutate(motivo))} noValidate>
        <TextArea
          label="Motivo da reprovação"
          maxLength={1000}
          error={form.formState.errors.motivo?.message}
          {...form.register('motivo')}
        />
        <Button type="submit" variant="secondary" loading={reject.isPending}>
          Reprovar alteração
        </Button>
      </form>
    </div>
  );
}
