import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkAction } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

export const bulkAction = (casos: string[], acao: BulkAction) => unwrap(api.POST('/api/backoffice/casos/lote', { body: { casos, acao } }));

/** One action on the selected cases; the answer says per case whether it applied. The queue is read again. */
export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ casos, acao }: { casos: string[]; acao: BulkAction }) => bulkAction(casos, acao),
    onSettled: () => void qc.invalidateQueries({ queryKey: backofficeKeys.all, predicate: (q) => q.queryKey[1] !== 'me' }),
  });
}
