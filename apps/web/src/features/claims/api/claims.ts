import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type ContractId } from '@guarita/domain';
import { api, unwrap, useIdempotentMutation, type ApiData } from '../../../lib/api';
import { ensureFresh, getTokens } from '../../../lib/session';

export type ClaimEntry = ApiData<'/api/claims/contracts/{nCtrId}', 'get'>;
export type ClaimView = ApiData<'/api/claims/cases/{caseNumber}', 'get'>;
export type ClaimList = ApiData<'/api/claims', 'get'>;
export type PhotoUploaded = ApiData<'/api/claims/cases/{caseNumber}/photos/{typeId}', 'put'>;

import { claimKeys } from './keys';

export { claimKeys };

export const getClaimEntry = (nCtrId: ContractId) => unwrap(api.GET('/api/claims/contracts/{nCtrId}', { params: { path: { nCtrId } } }));
export const useClaimEntry = (nCtrId: ContractId) =>
  useQuery(queryOptions({ queryKey: claimKeys.entry(nCtrId), queryFn: () => getClaimEntry(nCtrId) }));

export const getClaims = () => unwrap(api.GET('/api/claims'));
export const useClaims = () => useQuery(queryOptions({ queryKey: claimKeys.list(), queryFn: getClaims }));

export const getClaim = (caseNumber: string) => unwrap(api.GET('/api/claims/cases/{caseNumber}', { params: { path: { caseNumber } } }));
export const useClaim = (caseNumber: string | null) =>
  useQuery({ queryKey: claimKeys.view(caseNumber ?? ''), queryFn: () => getClaim(caseNumber!), enabled: caseNumber !== null });

/** POST /api/claims/contracts/{nCtrId}: 201, 400 (a §5.1 message), 403 no cover, 409 duplicate (detalhes.CaseNumber). */
export function useCreateClaim(nCtrId: ContractId) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (values: Record<string, string>, key: string) =>
      unwrap(
        api.POST('/api/claims/contracts/{nCtrId}', {
          params: { path: { nCtrId }, header: { 'idempotency-key': key } },
          body: values,
        }),
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: claimKeys.all }),
  });
}

export async function acceptDeclaration(caseNumber: string): Promise<void> {
  await unwrap(api.POST('/api/claims/cases/{caseNumber}/declaration', { params: { path: { caseNumber } } }));
}

/** 'Baixar aviso de sinistro': the owner-only PDF through the bearer token, handed to the browser as a file. */
export async function downloadNotice(caseNumber: string): Promise<void> {
  if (!(await ensureFresh())) throw new Error(MSG.sessionExpired);
  const res = await fetch(`/api/claims/cases/${encodeURIComponent(caseNumber)}/notice.pdf`, {
    headers: { authorization: `Bearer ${getTokens()?.AccessToken ?? ''}` },
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error('Não foi possível baixar o aviso de sinistro. Tente novamente.');
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = `aviso-de-sinistro-${caseNumber}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
