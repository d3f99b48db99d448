import { WifiOff } from 'lucide-react';
import { MSG } from '@guarita/domain';
import { useOnline } from '../../lib/use-online';
import styles from './OfflineBanner.module.css';

/** Shown while the connection is down; the screens keep the last data they loaded (TanStack Query pauses, keeps its cache). */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={online ? undefined : styles.banner}>
      {!online && (
        <>
          <WifiOff aria-hidden="true" size={18} /> {MSG.offline}
        </>
      )}
    </div>
  );
}
