import type { ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (401/403/404) will not fix themselves by retrying.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The browser's one cache (main.tsx warms it with a logged-in page's first requests). */
export const queryClient = createQueryClient();

/**
 * The layouts and pages that read data through TanStack Query (the customer area, the staff console, SSO) get
 * the client from here, with their lazy route module: the public pages' first load carries none of it (ADR 025).
 */
export function withQueryClient(Component: ComponentType): ComponentType {
  return function WithQueryClient() {
    return (
      <QueryClientProvider client={queryClient}>
        <Component />
      </QueryClientProvider>
    );
  };
}
