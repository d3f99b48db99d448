import { MSG } from '@guarita/domain';
import { Alert } from './Alert';
import { Button } from './Button';
import styles from './QueryError.module.css';

/** A failed request: its message and 'Tentar novamente', never stale or made-up numbers (issue 8). */
export function QueryError({ error, onRetry, retrying = false }: { error: Error | null; onRetry: () => unknown; retrying?: boolean }) {
  return (
    <div className={styles.queryError}>
      <Alert>{error?.message || MSG.unexpected}</Alert>
      <Button type="button" variant="secondary" onClick={() => void onRetry()} loading={retrying}>
        Tentar novamente
      </Button>
    </div>
  );
}
