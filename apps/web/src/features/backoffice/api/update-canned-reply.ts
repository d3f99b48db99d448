import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CannedReplyUpdateBody } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { cannedRepliesKey } from './list-canned-replies';

export const updateCannedReply = (id: number, body: CannedReplyUpdateBody) =>
  unwrap(api.PUT('/api/backoffice/respostas-prontas/{id}', { params: { path: { id } }, body }));
export function useUpdateCannedReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: CannedReplyUpdateBody }) => updateCannedReply(v.id, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: cannedRepliesKey }),
  });
}
