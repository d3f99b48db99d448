import { useCallback, useContext, useSyncExternalStore } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { MSG, updatedAtLabel } from '@guarita/domain';
import { useOnline } from '../../lib/use-online';
import styles from './OfflineBanner.module.css';

/** When the oldest data the screen shows was loaded (its queries with observers), or 0 with none. */
function oldestShown(client: QueryClient | undefined): number {
  let oldest = 0;
  for (const query of client?.getQueryCache().getAll() ?? []) {
    const at = query.state.dataUpdatedAt;
    if (at > 0 && query.getObserversCount() > 0 && (oldest === 0 || at < oldest)) oldest = at;
  }
  return oldest;
}

/** The time the data on screen was loaded, kept up to date while `active` (no connection). */
function useShownDataTime(active: boolean): number {
  const client = useContext(QueryClientContext);
  const subscribe = useCallback(
    (onChange: () => void) => (active && client ? client.getQueryCache().subscribe(onChange) : () => {}),
    [active, client],
  );
  return useSyncExternalStore(
    subscribe,
    () => (active ? oldestShown(client) : 0),
    () => 0,
  );
}

/**
 * Shown while the connection is down; the screens keep the last data they loaded (TanStack Query pauses, keeps its
 * cache), or show what this device kept of them after a reload (ADR 091): with the time it was loaded.
 */
export function OfflineBanner() {
  const online = useOnline();
  const shownAt = useShownDataTime(!online);
  return (
    <div role="status" className={online ? undefined : styles.banner}>
      {!online && (
        <>
          <WifiOff aria-hidden="true" size={18} /> {MSG.offline}
          {shownAt > 0 && <> {updatedAtLabel(shownAt)}.</>}
        </>
      )}
    </div>
  );
}
