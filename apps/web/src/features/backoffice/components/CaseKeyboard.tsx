import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { useQueueNeighbours } from './queue-order';
import styles from './Backoffice.module.css';

/** A shortcut's key as a hint on its button or link (the name screen readers read stays the action's own). */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className={styles.kbd} aria-hidden="true">
      {children}
    </kbd>
  );
}

export const SHORTCUTS: ReadonlyArray<{ key: string; what: string }> = [
  { key: 'J', what: 'Próximo caso (na ordem da fila que você viu por último)' },
  { key: 'K', what: 'Caso anterior' },
  { key: 'A', what: 'Atribuir a mim' },
  { key: 'C', what: 'Escrever um comentário' },
  { key: '?', what: 'Mostrar estes atalhos' },
];

/** Typing in a field (or a dialog open, or a modifier held): the letters are the text's, not shortcuts. */
function typing(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return true;
  const t = e.target as HTMLElement | null;
  if (t && (t.isContentEditable || t.closest('input, textarea, select, [contenteditable="true"]'))) return true;
  return document.querySelector('dialog[open]') !== null;
}

/** The comment box of the case page ('Comentários para o cliente'). */
const commentBox = () => document.getElementById('comentarios')?.closest('section')?.querySelector('textarea') ?? null;

/**
 * The case page's keyboard (issue 30 item 17): J/K next and previous case in the last queue order seen, A assign to
 * me (clicks the page's own 'Atribuir a mim', so its feedback is the button's), C the comment box, ? this help. Not
 * while typing in a field. The links and the 'Atalhos' button show the same keys.
 */
export function CaseNavigation({ caseNumber }: { caseNumber: string }) {
  const { previous, next, position } = useQueueNeighbours(caseNumber);
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e)) return;
      const key = e.key.toLowerCase();
      if (key === 'j' && next) void navigate(paths.backoffice.caseTo(next));
      else if (key === 'k' && previous) void navigate(paths.backoffice.caseTo(previous));
      else if (key === 'a') document.querySelector<HTMLButtonElement>('[data-shortcut="a"]:not(:disabled)')?.click();
      else if (key === 'c') {
        const box = commentBox();
        if (!box) return;
        box.focus(); // the browser scrolls it into view
      } else if (e.key === '?') setHelp(true);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, next, previous]);

  return (
    <nav className={styles.caseNav} aria-label="Casos da fila">
      {previous ? (
        <Link to={paths.backoffice.caseTo(previous)} aria-keyshortcuts="k">
          ← Caso anterior <Kbd>K</Kbd>
        </Link>
      ) : null}
      {position && (
        <span>
          {position.at} de {position.of} na fila
        </span>
      )}
      {next ? (
        <Link to={paths.backoffice.caseTo(next)} aria-keyshortcuts="j">
          Próximo caso <Kbd>J</Kbd> →
        </Link>
      ) : null}
      <Button type="button" variant="link" aria-keyshortcuts="?" onClick={() => setHelp(true)}>
        Atalhos <Kbd>?</Kbd>
      </Button>
      <Modal
        open={help}
        title="Atalhos de teclado"
        onClose={() => setHelp(false)}
        actions={
          <Button type="button" onClick={() => setHelp(false)}>
            Fechar
          </Button>
        }
      >
        <dl className={styles.shortcuts}>
          {SHORTCUTS.map((s) => (
            <div key={s.key}>
              <dt>
                <kbd className={styles.kbd}>{s.key}</kbd>
              </dt>
              <dd>{s.what}</dd>
            </div>
          ))}
        </dl>
        <p>Os atalhos não funcionam enquanto você digita em um campo.</p>
      </Modal>
    </nav>
  );
}
