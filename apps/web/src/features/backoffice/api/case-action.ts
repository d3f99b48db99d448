import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backofficeKeys } from './keys';

/**
 * A staff action on one case: after it, the case, the queue and the counts are read again (phase, status and
 * reviews change what they show). Each action's endpoint file wraps its call with this hook.
 */
export function useCaseAction<V>(caseNumber: string, call: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void qc.invalidateQueries({ queryKey: backofficeKeys.all, predicate: (q) => q.queryKey[1] !== 'me' }),
  });
}
