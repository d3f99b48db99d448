import { Link } from 'react-router';
import { formatInstantWithTime, NOTIFICATION_MSG, type NotificationDto } from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';
import { QueryError } from '../../../components/ui/QueryError';
import { Skeleton } from '../../../components/ui/Skeleton';
import { paths } from '../../../lib/paths';
import { useNotifications } from '../api/list-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { PreferencesForm } from './PreferencesForm';
import styles from './NotificationsPage.module.css';

/** Where a notification leads: its claim, the contract's support cases, payments, the map or Cadastro (security notices). */
function linkOf(n: NotificationDto): string {
  const nCtrId = n.nCtrId ?? undefined;
  switch (n.destino) {
    case 'sinistro':
      return n.caseNumber ? paths.claims.caseTo(n.caseNumber) : paths.claims.to(nCtrId);
    case 'suporte':
      return paths.support.to(nCtrId);
    case 'pagamentos':
      return paths.payments.to(nCtrId);
    case 'mapa':
      return paths.map;
    case 'cadastro':
      return paths.registration;
  }
}

/** /notificacoes: the customer's notifications, newest first; opening one marks it read. E-mail choices below. */
export function NotificationsPage() {
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((p) => p.itens) ?? [];
  const anyUnread = items.some((n) => !n.lida);

  let body;
  if (list.isLoading) body = <Skeleton shape="line" lines={4} label="Carregando notificações…" />;
  else if (list.error && !list.data) body = <QueryError error={list.error} onRetry={list.refetch} retrying={list.isFetching} />;
  else if (items.length === 0) body = <p className={styles.empty}>{NOTIFICATION_MSG.empty}</p>;
  else
    body = (
      <>
        <ul className={styles.list}>
          {items.map((n) => (
            <li key={n.id} className={n.lida ? styles.item : `${styles.item} ${styles.unread}`}>
              <Link to={linkOf(n)} onClick={() => (n.lida ? undefined : markRead.mutate(n.id))} className={styles.link}>
                <span className={styles.title}>
                  {n.lida ? null : <span className={styles.dot}>Não lida:</span>} {n.titulo}.
                </span>{' '}
                <span className={styles.text}>{n.texto}</span>{' '}
                <time className={styles.when} dateTime={n.CreatedDate}>
                  {formatInstantWithTime(n.CreatedDate)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
        {list.hasNextPage ? (
          <Button type="button" variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Carregar mais
          </Button>
        ) : null}
      </>
    );

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <PageTitle>Notificações</PageTitle>
        {anyUnread ? (
          <Button type="button" variant="link" onClick={() => markAll.mutate()} loading={markAll.isPending}>
            Marcar todas como lidas
          </Button>
        ) : null}
      </div>
      <section aria-label="Lista de notificações">{body}</section>
      <PreferencesForm />
    </div>
  );
}

export default NotificationsPage;
