import { MSG } from '@guarita/domain';
import { Alert } from './Alert';
import { Button } from './Button';
import styles from './QueryError.module.css';

/** A failed request: its message and 'Tentar novamente', never stale or made-up numbers (issue 8). */
export function QueryError({
  error,
  onRetry,
  retrying = false,
  message,
}: {
  error: Error | null;
  onRetry: () => unknown;
  retrying?: boolean;
  /** The screen's own wording for the failure, instead of the request's message. */
  message?: string;
}) {
  return (
    <div className={styles.queryError}>
      <Alert>{message ?? (error?.message || MSG.unexpected)}</Alert>
      <Button type="button" variant="secondary" onClick={() => void onRetry()} loading={retrying}>
        Tentar novamente
      </Button>
    </div>
  );
}
