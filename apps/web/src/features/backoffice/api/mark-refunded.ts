import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

export const markRefunded = (id: number, observacao: string) =>
  unwrap(api.POST('/api/backoffice/financeiro/pix-atrasados/{id}/reembolso', { params: { path: { id } }, body: { observacao } }));

/** Marks a late Pix credit refunded; the desk's lists are read again. */
export function useMarkRefunded() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; observacao: string }) => markRefunded(v.id, v.observacao),
    onSuccess: () => void qc.invalidateQueries({ queryKey: backofficeKeys.finance() }),
  });
}
