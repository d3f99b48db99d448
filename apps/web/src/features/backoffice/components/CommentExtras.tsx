import { useEffect, useState, type ChangeEvent } from 'react';
import {
  CANNED_MSG,
  MAX_UPLOAD_BYTES,
  pendingPlaceholders,
  resolvePlaceholders,
  STAFF_ATTACHMENT,
  STAFF_ATTACHMENT_MSG,
  SUPPORT_MSG,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Select } from '../../../components/ui/Select';
import { useCaseReplies } from '../api/get-case-replies';
import { useStaffCase } from '../api/get-case';
import { useAddStaffCommentWithFile } from '../api/add-comment-attachment';
import styles from './Backoffice.module.css';

/**
 * 'Resposta pronta' (issue 30 item 16): the case's canned replies; picking one fills the comment box with its
 * placeholders resolved ({nome}: the customer's first name, {protocolo}, {contrato}), to edit before sending.
 */
export function CannedReplyPicker({ caseNumber, onPick }: { caseNumber: string; onPick: (text: string) => void }) {
  const replies = useCaseReplies(caseNumber);
  const c = useStaffCase(caseNumber).data;
  const [chosen, setChosen] = useState('');
  if (replies.error) return <Alert kind="info">Não foi possível carregar as respostas prontas.</Alert>;
  const list = replies.data?.respostas ?? [];
  if (replies.data && list.length === 0) return null;
  const pick = (e: ChangeEvent<HTMLSelectElement>) => {
    setChosen(e.target.value);
    const r = list.find((x) => String(x.id) === e.target.value);
    if (!r) return;
    onPick(resolvePlaceholders(r.texto, { nome: c?.cliente.nome, protocolo: caseNumber, contrato: c?.caso.nCtrId }).texto);
  };
  return (
    <Select
      label="Resposta pronta"
      placeholder={replies.isPending ? 'Carregando respostas…' : 'Escolha para preencher o comentário'}
      disabled={replies.isPending}
      options={list.map((r) => ({ value: String(r.id), label: r.titulo }))}
      value={chosen}
      onChange={pick}
      hint="O texto vai para o comentário, onde você pode editá-lo antes de enviar."
    />
  );
}

/** Placeholders still in the comment (unknown, or without a value): flagged until staff replace them. */
export function PendingPlaceholders({ text }: { text: string }) {
  const pending = pendingPlaceholders(text);
  if (pending.length === 0) return null;
  return <Alert kind="info">{CANNED_MSG.unresolved(pending)}</Alert>;
}

/** The file's problem before sending (the server checks again by content): type by name/type, 5 MB. */
export function attachmentProblem(file: File): string | null {
  if (file.size === 0) return SUPPORT_MSG.emptyFile;
  if (file.size > MAX_UPLOAD_BYTES) return SUPPORT_MSG.fileTooLarge;
  if (file.type && !STAFF_ATTACHMENT.acceptAttr.split(',').includes(file.type)) return STAFF_ATTACHMENT.wrongTypeMessage;
  return null;
}

/** One file the customer will see with the comment (PDF, JPG or PNG, up to 5 MB). */
export function AttachmentInput({
  file,
  onChange,
  error,
}: {
  file: File | null;
  onChange: (f: File | null) => void;
  error?: string | undefined;
}) {
  // A new key empties the native input when the file is removed or sent.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!file) setGeneration((g) => g + 1);
  }, [file]);
  return (
    <div className={styles.fileInput}>
      <Field label="Anexo para o cliente (opcional)" hint="PDF, JPG ou PNG, até 5 MB. Vai junto com o comentário." error={error}>
        {(control) => (
          <input
            key={generation}
            type="file"
            accept={STAFF_ATTACHMENT.acceptAttr}
            {...control}
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {file && (
        <p>
          Arquivo escolhido: {file.name}{' '}
          <Button type="button" variant="secondary" onClick={() => onChange(null)}>
            Remover anexo
          </Button>
        </p>
      )}
    </div>
  );
}

/** The comment form's file: chosen, checked, and sent with the comment (never with a staff-only note). */
export function useStaffCommentFile(caseNumber: string) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const mutation = useAddStaffCommentWithFile(caseNumber);
  return {
    file,
    problem,
    error: mutation.error,
    isPending: mutation.isPending,
    choose: (f: File | null) => {
      setProblem(f ? (attachmentProblem(f) ?? undefined) : undefined);
      setFile(f);
      mutation.reset();
    },
    send: (v: { texto: string; interno: boolean }, opts: { onSuccess: () => void }) => {
      if (v.interno) return setProblem(STAFF_ATTACHMENT_MSG.notInNote);
      const refused = file && attachmentProblem(file);
      if (refused) return setProblem(refused);
      mutation.mutate(
        { texto: v.texto, file: file! },
        {
          onSuccess: () => {
            setFile(null);
            setProblem(undefined);
            opts.onSuccess();
          },
        },
      );
    },
  };
}
