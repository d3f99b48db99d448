import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CASE_REPLY_MAX, CASE_REPLY_MSG, CaseReplyBody } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextArea } from '../../../components/ui/TextArea';
import { ApiError } from '../../../lib/api';
import { useReplyToCase } from '../api/cases';
import styles from './CaseList.module.css';

/** The customer's answer to the desk's comments, under them in an open case (issue 24 item 19). */
export function CaseReply({ caseId }: { caseId: string }) {
  const send = useReplyToCase(caseId);
  const form = useForm<CaseReplyBody>({ resolver: zodResolver(CaseReplyBody), defaultValues: { texto: '' } });
  const texto = useWatch({ control: form.control, name: 'texto' });
  const [sent, setSent] = useState(false);
  // Sent: the button was disabled while sending (the focus left it), so the focus goes back to the emptied field.
  useEffect(() => {
    if (sent) form.setFocus('texto');
  }, [sent, form]);
  const error = send.error;
  // The server's own words for what it refused (a concluded case, a too long text); otherwise the generic failure.
  const failure =
    error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 429)
      ? error.message
      : CASE_REPLY_MSG.failed;
  const submit = form.handleSubmit((values) => {
    setSent(false);
    send.mutate(values.texto, {
      onSuccess: () => {
        form.reset({ texto: '' });
        setSent(true);
      },
    });
  });
  return (
    <form className={styles.reply} onSubmit={(e) => void submit(e)} noValidate>
      <TextArea
        label={CASE_REPLY_MSG.label}
        rows={3}
        maxLength={CASE_REPLY_MAX}
        counter
        value={texto}
        error={form.formState.errors.texto?.message}
        {...form.register('texto', { onChange: () => setSent(false) })}
      />
      {send.isError && <Alert>{failure}</Alert>}
      <p role="status" className={styles.replySent}>
        {sent ? CASE_REPLY_MSG.sent : ''}
      </p>
      <Button type="submit" loading={send.isPending}>
        {CASE_REPLY_MSG.send}
      </Button>
    </form>
  );
}
