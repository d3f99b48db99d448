import { useContext, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { QueryClientContext } from '@tanstack/react-query';
import { loginReturningTo } from '@guarita/domain';
import { PageErrorBoundary } from '../../common';
import { useSession } from '../../../lib/use-session';
import { afterLoadWhenIdle } from '../../../lib/when-idle';
import { RouteAnnouncer, useNavigationFocus } from '../../../lib/route-focus';
import { CustomerHeader } from './CustomerHeader';
import { OfflineBanner } from '../../../components/ui/OfflineBanner';
import { paths } from '../../../lib/paths';
import styles from './CustomerLayout.module.css';

/**
 * Every customer route: not logged in → '/', the login, which then lands back here: payments of a plate by
 * '/?placa=', any other page by '/?voltar=' (a claim e-mail's link opened logged out).
 */
export function CustomerLayout() {
  const { loggedIn } = useSession();
  const { placa } = useParams();
  const location = useLocation();
  useNavigationFocus();
  const client = useContext(QueryClientContext);
  // What was waiting to be sent (ADR 093) resumes when the app opens: the manager once the page has loaded and the
  // browser is idle (not on any page's critical path), tus on the first upload.
  useEffect(() => {
    if (!loggedIn) return;
    afterLoadWhenIdle(() => void import('../../../lib/uploads/manager').then((m) => m.startUploads(client)).catch(() => {}));
  }, [loggedIn, client]);
  if (!loggedIn) {
    const to =
      placa && location.pathname.startsWith(paths.payments.byPlate.replace(':placa', ''))
        ? `${paths.home}?placa=${encodeURIComponent(placa)}`
        : location.pathname === paths.dashboard.pattern
          ? paths.home
          : loginReturningTo(location.pathname);
    return <Navigate to={to} replace />;
  }
  return (
    <div className="customer-shell">
      <a className="skip-link" href="#conteudo">
        Ir para o conteúdo
      </a>
      <CustomerHeader />
      <main id="conteudo" className={styles.customerMain} tabIndex={-1}>
        <OfflineBanner />
        <PageErrorBoundary>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <RouteAnnouncer />
    </div>
  );
}

export default CustomerLayout;
