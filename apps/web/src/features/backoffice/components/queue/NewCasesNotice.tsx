import { useNewCases } from '../../api/get-new-cases';
import { Button } from '../../../../components/ui/Button';
import styles from './Queue.module.css';

interface Props {
  /** The server's instant the queue was read at. */
  since: string | undefined;
  onShow: () => void;
  showing: boolean;
}

/**
 * The live queue (issue 30 item 13): polls for open cases opened since the queue was read and says how many, in a
 * polite live region, with a button that reads the queue again. The region is always there (empty until there are
 * new cases), so screen readers announce the count when it appears.
 */
export function NewCasesNotice({ since, onShow, showing }: Props) {
  const fresh = useNewCases(since);
  const n = fresh.data?.novos ?? 0;
  return (
    <div role="status" aria-live="polite" className={styles.live}>
      {n > 0 && (
        <Button type="button" variant="secondary" onClick={onShow} loading={showing}>
          {n === 1 ? '1 caso novo' : `${n} casos novos`} — mostrar
        </Button>
      )}
    </div>
  );
}
