import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractId, PixAutomaticoDto, PixAutomaticoResultDto, PixAutomaticoStateDto } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { contractKeys } from '../../../api/keys';
import { paymentKeys } from './keys';

/** How often a waiting authorisation or a charge on its way is asked for its status. */
export const PIX_AUTOMATICO_POLL_MS = 3_000;

const path = '/api/payments/contracts/{nCtrId}/pix-automatico' as const;

export const pixAutomaticoKey = (nCtrId: ContractId) => [...paymentKeys.contract(nCtrId), 'pix-automatico'] as const;

/** GET: the contract's latest recurrence (null = never authorised) with the bills charged through it. */
export const getPixAutomatico = (nCtrId: ContractId): Promise<PixAutomaticoStateDto> =>
  unwrap(api.GET(path, { params: { path: { nCtrId } } }));

/** Something is still moving: the bank has not answered, or a charge has not been debited yet. */
export function isSettling(r: PixAutomaticoDto | null | undefined): boolean {
  if (!r) return false;
  return r.status === 'CRIADA' || (r.status === 'APROVADA' && r.cobrancas.some((c) => c.status === 'sending' || c.status === 'scheduled'));
}

/** Polls while the customer approves in the bank app, or while a charge is on its way; stops once settled. */
export const pixAutomaticoQuery = (nCtrId: ContractId) =>
  queryOptions({
    queryKey: pixAutomaticoKey(nCtrId),
    queryFn: () => getPixAutomatico(nCtrId),
    refetchInterval: (q) => (isSettling(q.state.data?.recorrencia) ? PIX_AUTOMATICO_POLL_MS : false),
  });

export const usePixAutomatico = (nCtrId: ContractId) => useQuery(pixAutomaticoQuery(nCtrId));

/** Once paid by the bank, the bills and the open total change too. */
export function usePixAutomaticoSettled(nCtrId: ContractId) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: contractKeys.all });
    void qc.invalidateQueries({ queryKey: paymentKeys.contract(nCtrId) });
  };
}

/** POST: creates the authorisation (the QR to approve in the bank app). 409 when one is pending or active. */
export function useAuthorisePixAutomatico(nCtrId: ContractId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<PixAutomaticoResultDto> => unwrap(api.POST(path, { params: { path: { nCtrId } }, body: { aceite: true } })),
    onSuccess: (r) => qc.setQueryData(pixAutomaticoKey(nCtrId), { recorrencia: r.conteudo }),
  });
}

/** DELETE: cancels the pending or active recurrence. */
export function useCancelPixAutomatico(nCtrId: ContractId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<PixAutomaticoResultDto> => unwrap(api.DELETE(path, { params: { path: { nCtrId } } })),
    onSuccess: (r) => qc.setQueryData(pixAutomaticoKey(nCtrId), { recorrencia: r.conteudo }),
  });
}
