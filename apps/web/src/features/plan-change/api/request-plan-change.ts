import { useQueryClient } from '@tanstack/react-query';
import type { ContractId } from '@guarita/domain';
import { api, unwrap, useIdempotentMutation } from '../../../lib/api';
import { caseKeys } from '../../../api/keys';

export interface PlanChangeVars {
  idCotacao: string;
  telefone: string;
}

/**
 * POST /api/plans/contracts/{nCtrId}/plan-change: the case carrying the accepted quotation. 409 DUPLICATE_CASE
 * (detalhes.DescricaoErroApiExterna), 410 QUOTATION_EXPIRED.
 */
export const requestPlanChange = (nCtrId: ContractId, vars: PlanChangeVars, idempotencyKey: string) =>
  unwrap(
    api.POST('/api/plans/contracts/{nCtrId}/plan-change', {
      params: { path: { nCtrId }, header: { 'idempotency-key': idempotencyKey } },
      body: vars,
    }),
  );

/** On success the contract's 'Minhas solicitações' is refreshed. */
export function useRequestPlanChange(nCtrId: ContractId) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (vars: PlanChangeVars, key: string) => requestPlanChange(nCtrId, vars, key),
    onSuccess: () => void qc.invalidateQueries({ queryKey: caseKeys.list(nCtrId) }),
  });
}
