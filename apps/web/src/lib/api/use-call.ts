import { useCallback, useState } from 'react';

export interface CallCallbacks<R> {
  onSuccess?(result: R): void;
  onError?(err: unknown): void;
}

/**
 * A one-off call with a pending flag: what `useMutation` gives a form that caches nothing. The public pages
 * (the login on '/', 'Fale conosco') use it so that their first load carries no TanStack Query (ADR 025);
 * every screen of the logged-in area keeps the recipe of ADR 020.
 */
export function useCall<V, R>(fn: (vars: V) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(
    async (vars: V): Promise<R> => {
      setPending(true);
      try {
        return await fn(vars);
      } finally {
        setPending(false);
      }
    },
    [fn],
  );
  const mutate = useCallback(
    (vars: V, callbacks: CallCallbacks<R> = {}) => {
      mutateAsync(vars).then(
        (result) => callbacks.onSuccess?.(result),
        (err: unknown) => callbacks.onError?.(err),
      );
    },
    [mutateAsync],
  );
  return { isPending, mutate, mutateAsync };
}
