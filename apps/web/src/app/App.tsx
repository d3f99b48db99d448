import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';

/**
 * The app is its router. TanStack Query's client is provided by the routes that use it (`app/query-client.tsx`), so
 * the public pages load without it.
 */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return <RouterProvider router={router} />;
}
