import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { backofficeKeys } from '../api/keys';

/** A 401 on any console call (idle timeout, logout elsewhere): read the session again, which shows the login. */
export function useSessionEnded(error: unknown): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) void qc.invalidateQueries({ queryKey: backofficeKeys.me() });
  }, [error, qc]);
}
