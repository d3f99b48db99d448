import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  ASSIGNMENT_MSG,
  BULK_MAX,
  BulkActionForm,
  bulkPhaseOptions,
  type BulkAction,
  type BulkResultDto,
  type StaffRole,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { Select } from '../../../components/ui/Select';
import { useBulkAction } from '../api/bulk-action';
import { useColleagues } from '../api/colleagues';
import styles from './Backoffice.module.css';

/** The queue's selection for bulk actions (issue 30 item 14): case numbers, kept to the cases still listed. */
export function useQueueSelection(listed: readonly string[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const selected = listed.filter((n) => picked.has(n));
  return {
    selected,
    has: (n: string) => picked.has(n),
    toggle: (n: string, on: boolean) =>
      setPicked((s) => {
        const next = new Set(s);
        if (on) next.add(n);
        else next.delete(n);
        return next;
      }),
    all: listed.length > 0 && selected.length === listed.length,
    some: selected.length > 0 && selected.length < listed.length,
    setAll: (on: boolean) => setPicked(on ? new Set(listed) : new Set()),
    keepOnly: (ns: readonly string[]) => setPicked(new Set(ns)),
  };
}
export type QueueSelection = ReturnType<typeof useQueueSelection>;

/** 'Selecionar todos desta página': every case listed now. */
export function SelectAllBox({ selection }: { selection: QueueSelection }) {
  return (
    <input
      type="checkbox"
      aria-label="Selecionar todos desta página"
      checked={selection.all}
      ref={(el) => {
        if (el) el.indeterminate = selection.some;
      }}
      onChange={(e) => selection.setAll(e.target.checked)}
    />
  );
}

export function SelectCaseBox({ selection, caseNumber }: { selection: QueueSelection; caseNumber: string }) {
  return (
    <input
      type="checkbox"
      aria-label={`Selecionar caso ${caseNumber}`}
      checked={selection.has(caseNumber)}
      onChange={(e) => selection.toggle(caseNumber, e.target.checked)}
    />
  );
}

const ACTIONS = [
  { value: 'atribuir', label: 'Atribuir' },
  { value: 'fase', label: 'Mudar fase' },
  { value: 'encerrar', label: 'Encerrar' },
];

type FormIn = z.input<typeof BulkActionForm>;

/**
 * 'Ações em lote': one action on the selected cases. Each case is applied (and audited) alone; the answer lists which
 * applied and, for the others, why not. The cases that failed stay selected, to try again or to open.
 */
export function BulkBar({ role, selection }: { role: StaffRole; selection: QueueSelection }) {
  const bulk = useBulkAction();
  const colleagues = useColleagues(true);
  const [confirm, setConfirm] = useState<BulkAction | null>(null);
  const [result, setResult] = useState<{ r: BulkResultDto['resultados'] } | null>(null);
  const form = useForm<FormIn, unknown, BulkAction>({
    resolver: zodResolver(BulkActionForm),
    defaultValues: { tipo: 'atribuir' as FormIn['tipo'], responsavel: '', fase: '' },
  });
  const tipo = form.watch('tipo');
  const count = selection.selected.length;
  const tooMany = count > BULK_MAX;

  const send = (acao: BulkAction) => {
    setConfirm(null);
    setResult(null);
    const casos = selection.selected;
    bulk.mutate(
      { casos, acao },
      {
        onSuccess: (d) => {
          setResult({ r: d.resultados });
          selection.keepOnly(d.resultados.filter((x) => !x.ok).map((x) => x.caso));
        },
      },
    );
  };
  const submit = form.handleSubmit((acao) => (acao.tipo === 'encerrar' ? setConfirm(acao) : send(acao)));
  const failed = result?.r.filter((x) => !x.ok) ?? [];
  const applied = (result?.r.length ?? 0) - failed.length;

  return (
    <section className={styles.bulkBar} aria-labelledby="lote">
      <h2 id="lote" className="sr-only">
        Ações em lote
      </h2>
      <p aria-live="polite">
        {count === 0 ? 'Nenhum caso selecionado.' : count === 1 ? '1 caso selecionado.' : `${count} casos selecionados.`}
      </p>
      <form className={styles.assignForm} onSubmit={submit} noValidate aria-label="Ações em lote">
        <Select label="Ação em lote" options={ACTIONS} error={form.formState.errors.tipo?.message} {...form.register('tipo')} />
        {tipo === 'atribuir' && (
          <Select
            label="Atribuir a"
            placeholder="Escolha um colega"
            options={[
              ...(colleagues.data?.colegas ?? []).map((c) => ({ value: String(c.id), label: c.nome })),
              { value: 'ninguem', label: 'Ninguém (remover atribuição)' },
            ]}
            error={form.formState.errors.responsavel?.message}
            {...form.register('responsavel')}
          />
        )}
        {tipo === 'fase' && (
          <Select
            label="Nova fase"
            placeholder="Escolha a fase"
            options={bulkPhaseOptions(role).map((p) => ({ value: p, label: p }))}
            error={form.formState.errors.fase?.message}
            {...form.register('fase')}
          />
        )}
        <Button type="submit" disabled={count === 0 || tooMany} loading={bulk.isPending}>
          Aplicar aos selecionados
        </Button>
      </form>
      {tooMany && <Alert>{ASSIGNMENT_MSG.tooMany}</Alert>}
      {bulk.error && <Alert>{bulk.error.message}</Alert>}
      {result && failed.length === 0 && (
        <Alert kind="success">{applied === 1 ? 'Ação aplicada a 1 caso.' : `Ação aplicada a ${applied} casos.`}</Alert>
      )}
      {result && failed.length > 0 && (
        <Alert kind={applied > 0 ? 'info' : 'error'}>
          {applied > 0 ? `Ação aplicada a ${applied} de ${result.r.length} casos.` : 'A ação não foi aplicada a nenhum caso.'}{' '}
          {failed.length === 1
            ? 'Não aplicada a 1 caso (continua selecionado):'
            : `Não aplicada a ${failed.length} casos (continuam selecionados):`}
          <ul className={styles.bulkResults}>
            {failed.map((x) => (
              <li key={x.caso}>
                Caso {x.caso}: {x.mensagem}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Modal
        open={confirm !== null}
        title={count === 1 ? 'Encerrar 1 caso?' : `Encerrar ${count} casos?`}
        onClose={() => setConfirm(null)}
        actions={
          <>
            <Button type="button" onClick={() => confirm && send(confirm)}>
              Encerrar casos
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirm(null)}>
              Cancelar
            </Button>
          </>
        }
      >
        <p>Cada caso que puder ser encerrado na fase em que está vai para a fase final. Os demais continuam como estão.</p>
      </Modal>
    </section>
  );
}
