import { Link, Outlet } from 'react-router';
import { PageErrorBoundary } from '../../common';
import { STAFF_MSG, STAFF_ROLE_LABEL } from '@guarita/domain';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/Button';
import { QueryError } from '../../../components/ui/QueryError';
import { Spinner } from '../../../components/ui/Spinner';
import { useStaffMe } from '../api/get-me';
import { useStaffLogout } from '../api/staff-logout';
import { StaffLoginPage } from './StaffLoginPage';
import styles from './Backoffice.module.css';

/** The console's shell: the login until a staff session exists, then the header and the page. */
export function BackofficeLayout() {
  const me = useStaffMe();
  const logout = useStaffLogout();
  if (me.isPending) return <Spinner />;
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
          <Link to={paths.backoffice.home}>Console Guarita</Link>
          {(staff.papel === 'financeiro' || staff.papel === 'admin') && <Link to={paths.backoffice.finance}>Financeiro</Link>}
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
        </div>
      </header>
      <main id="conteudo" className={styles.main} tabIndex={-1}>
        <PageErrorBoundary>
          <Outlet />
        </PageErrorBoundary>
      </main>
    </div>
  );
}

export default BackofficeLayout;
