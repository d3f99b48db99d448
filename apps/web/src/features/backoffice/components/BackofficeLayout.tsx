import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageErrorBoundary } from '../../common';
import { STAFF_MSG, STAFF_ROLE_LABEL } from '@guarita/domain';
import { ApiError, staffActivity } from '../../../lib/api';
import { focusMainHeading, RouteAnnouncer, useNavigationFocus } from '../../../lib/route-focus';
import { OfflineBanner } from '../../../components/ui/OfflineBanner';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/Button';
import { QueryError } from '../../../components/ui/QueryError';
import { Spinner } from '../../../components/ui/Spinner';
import { useStaffMe } from '../api/get-me';
import { useStaffLogout } from '../api/staff-logout';
import { backofficeKeys } from '../api/keys';
import { IdleWarning } from './IdleWarning';
import { StaffLoginPage } from './StaffLoginPage';
import { StaffPasskeyButton } from './StaffPasskeyButton';
import styles from './Backoffice.module.css';

const endedAt = () => staffActivity.endedAt();

/**
 * The console's shell: the login until a staff session exists, then the header and the page. A session that ends
 * (idle, or any request answered 401) takes the page and its data off the screen and shows the login at the same
 * address, which the page opens again after the login (issue 30 item 4).
 */
export function BackofficeLayout() {
  const me = useStaffMe();
  const logout = useStaffLogout();
  const qc = useQueryClient();
  useNavigationFocus();
  // When this page's session ended: the idle timer, or a console request answered 401 (lib/api/staff-activity.ts).
  const refusedAt = useSyncExternalStore(staffActivity.subscribe, endedAt, endedAt);
  const [idleEndedAt, setIdleEndedAt] = useState(0);
  // Since when this screen's session counts: the console opened, or the login after an end.
  const [loggedInAt, setLoggedInAt] = useState(() => Date.now());
  // A session this screen showed (a first visit's 401 is the plain login, below).
  const ended = me.data !== undefined && Math.max(refusedAt, idleEndedAt) > loggedInAt;
  const endIdle = useCallback(() => setIdleEndedAt(Date.now()), []);
  useEffect(() => {
    // Nothing of the customers' data stays behind: every console read but the staff member's own goes from the cache.
    if (ended) qc.removeQueries({ queryKey: backofficeKeys.all, predicate: (q) => q.queryKey[1] !== 'me' });
  }, [ended, qc]);
  // After the login (the first one, or after a session ended), the page's heading takes the focus.
  const showedLogin = useRef(false);
  const atLogin = ended || me.isError;
  useEffect(() => {
    if (atLogin) showedLogin.current = true;
    else if (me.data && showedLogin.current) {
      showedLogin.current = false;
      focusMainHeading();
    }
  }, [atLogin, me.data]);
  if (me.isPending) return <Spinner />;
  if (ended) return <StaffLoginPage notice={STAFF_MSG.sessionEnded} onLoggedIn={() => setLoggedInAt(Date.now())} />;
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      // Data from before the 401 means a session that ended (idle, logged out elsewhere), not a first visit.
      const notice = logout.isSuccess ? STAFF_MSG.loggedOut : me.data ? STAFF_MSG.sessionEnded : undefined;
      return <StaffLoginPage notice={notice} />;
    }
    return <QueryError error={me.error} onRetry={() => me.refetch()} retrying={me.isFetching} />;
  }
  const staff = me.data;
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#conteudo">
        Ir para o conteúdo
      </a>
      <header className={styles.header}>
        <nav aria-label="Console" className={styles.who}>
          <NavLink to={paths.backoffice.home} end>
            Console Guarita
          </NavLink>
          {(staff.papel === 'financeiro' || staff.papel === 'admin') && <NavLink to={paths.backoffice.finance}>Financeiro</NavLink>}
          {staff.papel === 'admin' && <NavLink to={paths.backoffice.audit}>Auditoria</NavLink>}
          {staff.papel === 'admin' && <NavLink to={paths.backoffice.cannedReplies}>Respostas prontas</NavLink>}
        </nav>
        <div className={styles.who}>
          <span>
            {staff.nome} · {STAFF_ROLE_LABEL[staff.papel]}
          </span>
          <Button
            type="button"
            variant="secondary"
            onClick={() => logout.mutate(false)}
            loading={logout.isPending && logout.variables === false}
          >
            Sair
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => logout.mutate(true)}
            loading={logout.isPending && logout.variables === true}
          >
            Sair de todos os dispositivos
          </Button>
          <StaffPasskeyButton />
        </div>
      </header>
      <main id="conteudo" className={styles.main} tabIndex={-1}>
        <OfflineBanner />
        <PageErrorBoundary>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <RouteAnnouncer />
      <IdleWarning idleSeconds={staff.inatividadeSegundos} onEnded={endIdle} />
    </div>
  );
}

export default BackofficeLayout;
