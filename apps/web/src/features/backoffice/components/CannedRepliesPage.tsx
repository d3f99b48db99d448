import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CANNED_PLACEHOLDERS, CANNED_REPLY_TYPE_LABEL, CANNED_REPLY_TYPES, CannedReplyBody, formatInstantWithTime } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { QueryError } from '../../../components/ui/QueryError';
import { Select } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { TextArea } from '../../../components/ui/TextArea';
import { TextField } from '../../../components/ui/TextField';
import { useCreateCannedReply } from '../api/create-canned-reply';
import { useCannedReplies, type CannedReply } from '../api/list-canned-replies';
import { useUpdateCannedReply } from '../api/update-canned-reply';
import { useSessionEnded } from './use-session-ended';
import { ConsoleTitle } from './ConsoleTitle';
import styles from './Backoffice.module.css';

const TYPE_OPTIONS = CANNED_REPLY_TYPES.map((t) => ({ value: t, label: CANNED_REPLY_TYPE_LABEL[t] }));
const PLACEHOLDER_HINT = `Marcadores: ${Object.entries(CANNED_PLACEHOLDERS)
  .map(([k, v]) => `{${k}} (${v})`)
  .join(', ')}.`;

/** Admin: the canned replies the desk picks in the comment form (issue 30 item 16); every change is audited. */
export function CannedRepliesPage() {
  const q = useCannedReplies();
  useSessionEnded(q.error);
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <ConsoleTitle>Respostas prontas</ConsoleTitle>
      <p className={styles.hint}>A equipe escolhe estas respostas no comentário do caso, conforme o tipo do caso. {PLACEHOLDER_HINT}</p>
      {notice && <Alert kind="success">{notice}</Alert>}
      <section className={styles.section} aria-labelledby="form-resposta">
        <h2 id="form-resposta">{editing ? `Editar “${editing.titulo}”` : 'Nova resposta'}</h2>
        <ReplyForm
          key={editing?.id ?? 'nova'}
          editing={editing}
          onDone={(msg) => {
            setEditing(null);
            setNotice(msg);
          }}
          onCancel={() => setEditing(null)}
        />
      </section>
      <section className={styles.section} aria-labelledby="lista-respostas">
        <h2 id="lista-respostas">Respostas cadastradas</h2>
        {q.isPending && <Spinner />}
        {q.error && <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />}
        {q.data && q.data.respostas.length === 0 && <p>Nenhuma resposta cadastrada.</p>}
        {q.data && q.data.respostas.length > 0 && (
          <ul className={styles.cards}>
            {q.data.respostas.map((r) => (
              <ReplyCard
                key={r.id}
                r={r}
                onEdit={() => {
                  setNotice(null);
                  setEditing(r);
                }}
                onDone={setNotice}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ReplyCard({ r, onEdit, onDone }: { r: CannedReply; onEdit: () => void; onDone: (msg: string) => void }) {
  const update = useUpdateCannedReply();
  const toggle = () =>
    update.mutate(
      { id: r.id, body: { tipo: r.tipo, titulo: r.titulo, texto: r.texto, ativo: !r.ativo } },
      { onSuccess: () => onDone(r.ativo ? `Resposta “${r.titulo}” desativada.` : `Resposta “${r.titulo}” reativada.`) },
    );
  return (
    <li className={styles.card} aria-label={r.titulo}>
      <h3>{r.titulo}</h3>
      <p>
        {CANNED_REPLY_TYPE_LABEL[r.tipo]} · {r.ativo ? 'Ativa' : 'Desativada'} · atualizada em {formatInstantWithTime(r.atualizadoEm)}
      </p>
      <p>{r.texto}</p>
      {update.error && <Alert>{update.error.message}</Alert>}
      <div className={styles.actionsRow}>
        <Button type="button" variant="secondary" onClick={onEdit} aria-label={`Editar ${r.titulo}`}>
          Editar
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={toggle}
          loading={update.isPending}
          aria-label={`${r.ativo ? 'Desativar' : 'Reativar'} ${r.titulo}`}
        >
          {r.ativo ? 'Desativar' : 'Reativar'}
        </Button>
      </div>
    </li>
  );
}

function ReplyForm({ editing, onDone, onCancel }: { editing: CannedReply | null; onDone: (msg: string) => void; onCancel: () => void }) {
  const create = useCreateCannedReply();
  const update = useUpdateCannedReply();
  const form = useForm<z.input<typeof CannedReplyBody>, unknown, z.output<typeof CannedReplyBody>>({
    resolver: zodResolver(CannedReplyBody),
    defaultValues: editing
      ? { tipo: editing.tipo, titulo: editing.titulo, texto: editing.texto }
      : { tipo: 'geral', titulo: '', texto: '' },
  });
  const error = create.error ?? update.error;
  const submit = form.handleSubmit((v) => {
    if (editing)
      update.mutate({ id: editing.id, body: { ...v, ativo: editing.ativo } }, { onSuccess: () => onDone(`Resposta “${v.titulo}” salva.`) });
    else
      create.mutate(v, {
        onSuccess: () => {
          form.reset({ tipo: v.tipo, titulo: '', texto: '' });
          onDone(`Resposta “${v.titulo}” criada.`);
        },
      });
  });
  const e = form.formState.errors;
  return (
    <form className={`${styles.stack} ${styles.fit}`} onSubmit={submit} noValidate>
      {error && <Alert>{error.message}</Alert>}
      <Select label="Tipo de caso" options={TYPE_OPTIONS} error={e.tipo?.message} {...form.register('tipo')} />
      <TextField label="Título" maxLength={80} error={e.titulo?.message} {...form.register('titulo')} />
      <TextArea
        label="Texto da resposta"
        maxLength={2000}
        rows={5}
        hint={PLACEHOLDER_HINT}
        error={e.texto?.message}
        {...form.register('texto')}
      />
      <div className={styles.actionsRow}>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {editing ? 'Salvar alterações' : 'Criar resposta'}
        </Button>
        {editing && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancelar edição
          </Button>
        )}
      </div>
    </form>
  );
}

export default CannedRepliesPage;
