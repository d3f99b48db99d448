import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

export const setSlaTarget = (motivo: string, horas: number) =>
  unwrap(api.PUT('/api/backoffice/prazos/{motivo}', { params: { path: { motivo: motivo as never } }, body: { horas } }));

/** Admin changes a target: the targets and the queue (its due times moved) are read again. */
export function useSetSlaTarget() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { motivo: string; horas: number }) => setSlaTarget(v.motivo, v.horas),
    onSuccess: () => void qc.invalidateQueries({ queryKey: backofficeKeys.all, predicate: (q) => q.queryKey[1] !== 'me' }),
  });
}
