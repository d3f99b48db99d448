import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CannedReplyBody } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { cannedRepliesKey } from './list-canned-replies';

export const createCannedReply = (body: CannedReplyBody) => unwrap(api.POST('/api/backoffice/respostas-prontas', { body }));
export function useCreateCannedReply() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCannedReply, onSuccess: () => qc.invalidateQueries({ queryKey: cannedRepliesKey }) });
}
