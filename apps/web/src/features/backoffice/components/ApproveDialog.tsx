import type { DecisionPreviewDto } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import styles from './Backoffice.module.css';

/**
 * 'Aprovar alteração' asks first (issue 30 item 7): the dialog lists what the approval writes to the contract — the
 * page's 'Valores atuais e novos' lines — and only 'Confirmar aprovação' sends it; Cancelar or Esc change nothing.
 */
export function ApproveDialog({
  open,
  preview,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  preview: DecisionPreviewDto | null;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const lines = preview?.linhas ?? [];
  return (
    <Modal
      open={open}
      title="Aprovar alteração?"
      onClose={() => !pending && onClose()}
      startAtTop={lines.length > 3}
      actions={
        <>
          <Button type="button" loading={pending} onClick={onConfirm}>
            Confirmar aprovação
          </Button>
          <Button type="button" variant="secondary" disabled={pending} onClick={onClose}>
            Cancelar
          </Button>
        </>
      }
    >
      {error && <Alert>{error}</Alert>}
      {preview?.aviso && <Alert>{preview.aviso}</Alert>}
      {lines.length > 0 ? (
        <>
          <p>Ao confirmar, estes dados mudam agora:</p>
          <PreviewTable lines={lines} caption="O que muda ao aprovar" />
        </>
      ) : (
        !preview?.aviso && <p>Os dados pedidos pelo cliente serão aplicados agora.</p>
      )}
      <p>O caso será concluído e o cliente será avisado.</p>
    </Modal>
  );
}

/** 'Valores atuais e novos': each field the approval writes, its current value and the new one. */
export function PreviewTable({ lines, caption }: { lines: DecisionPreviewDto['linhas']; caption: string }) {
  // Long values (an e-mail, an address) wrap, so the new value shows on a phone without scrolling; the region can
  // still take the focus and scroll sideways, by keyboard too, if a word does not fit.
  return (
    <div className={styles.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={`${styles.table} ${styles.changes}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Campo</th>
            <th scope="col">Atual</th>
            <th scope="col">Novo</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.campo}>
              <th scope="row">{l.campo}</th>
              <td>{l.atual}</td>
              <td>{l.novo}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
