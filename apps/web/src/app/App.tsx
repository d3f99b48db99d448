import { Suspense } from 'react';
import { useLocation, useNavigate, useRoutes } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { RouteErrorBoundary } from '../features/common/components/RenderErrorPage';
import { BootHandOff } from '../lib/boot-handoff';
import { routes } from './router';

/**
 * The app is its routes, inside the router the entry chose (the browser's, or the build's static one). TanStack
 * Query's client is provided by the routes that use it (`app/query-client.tsx`), so the public pages load without it.
 * A render error anywhere shows the spec's fallback page until the next navigation.
 */
export function App() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Spinner />}>{element}</Suspense>
      </RouteErrorBoundary>
      <BootHandOff navigate={navigate} />
    </>
  );
}
