import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { bellLabel } from '@guarita/domain';
import { paths } from '../../../lib/paths';
import { useUnreadCount } from '../api/get-unread-count';
import styles from './NotificationBell.module.css';

/** The header's bell: the unread count in its name and a badge; asks again every few seconds and on focus. */
export function NotificationBell({ className }: { className?: string }) {
  const unread = useUnreadCount().data?.naoLidas;
  return (
    <Link
      to={paths.notifications}
      className={[styles.bell, className ?? ''].filter(Boolean).join(' ')}
      aria-label={unread === undefined ? 'Notificações' : bellLabel(unread)}
    >
      <Bell aria-hidden="true" size={22} />
      {unread ? (
        <span className={styles.badge} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
