import { useId } from 'react';
import { Button } from '../../components/ui/Button';
import type { PendingUpload } from '../../lib/uploads/state';
import { usePendingUploads } from './use-pending-uploads';
import styles from './PendingUploads.module.css';

/** The sending code, loaded when a button needs it (the list itself reads the manager's memory only). */
const manager = () => import('../../lib/uploads/manager');

/** A file's state in words. */
export function pendingLabel(it: PendingUpload): string {
  if (it.status === 'recusado') return it.mensagem ?? 'Não foi possível enviar o arquivo.';
  if (it.status === 'aguardando') return 'Aguardando conexão';
  return `Enviando… ${it.percent}%`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a screen reader hears when it changes (counts, not every percent). */
function summary(items: readonly PendingUpload[]): string {
  const count = (s: PendingUpload['status']) => items.filter((it) => it.status === s).length;
  const parts = [
    count('enviando') && plural(count('enviando'), 'arquivo sendo enviado', 'arquivos sendo enviados'),
    count('aguardando') && plural(count('aguardando'), 'arquivo aguardando conexão', 'arquivos aguardando conexão'),
    count('recusado') && plural(count('recusado'), 'arquivo não aceito', 'arquivos não aceitos'),
  ].filter(Boolean);
  return parts.join(', ') + '.';
}

/**
 * 'Aguardando envio' (ADR 093): the photos and attachments kept on this device that the server has not taken yet, each
 * with its progress and state; a file the server refused offers 'Tentar novamente' and 'Descartar'. Nothing waiting:
 * nothing shown. A request's files act together (retrying or discarding one is the whole request).
 */
export function PendingUploads() {
  const items = usePendingUploads();
  const id = useId();
  if (items.length === 0) return null;
  return (
    <section className={`card ${styles.pending}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Aguardando envio
      </h2>
      <p className="muted">
        Guardados neste aparelho: são enviados sozinhos quando houver conexão e o app estiver aberto (se você o fechar, o envio continua
        quando abri-lo de novo).
      </p>
      <p role="status" className="sr-only">
        {summary(items)}
      </p>
      <ul className={styles.list}>
        {items.map((it) => (
          <li key={it.id} className={styles.item}>
            <p className={styles.name}>{it.titulo}</p>
            <progress className={styles.progress} max={100} value={it.percent} aria-label={`Envio de ${it.titulo}`}>
              {it.percent}%
            </progress>
            <p className={[styles.state, it.status === 'recusado' ? styles.failed : ''].filter(Boolean).join(' ')}>{pendingLabel(it)}</p>
            {it.status === 'recusado' && (
              <div className={styles.actions}>
                <Button
                  variant="link"
                  onClick={() => void manager().then((m) => m.retry(it.pedido ?? it.id))}
                  aria-label={`Tentar novamente: ${it.titulo}`}
                >
                  Tentar novamente
                </Button>
                <Button
                  variant="link"
                  onClick={() => void manager().then((m) => m.discard(it.pedido ?? it.id))}
                  aria-label={`Descartar: ${it.titulo}`}
                >
                  Descartar
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
