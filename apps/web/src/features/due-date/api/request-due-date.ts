import { useQueryClient } from '@tanstack/react-query';
import type { ContractId } from '@guarita/domain';
import { api, unwrap, useIdempotentMutation } from '../../../lib/api';
import { caseKeys } from '../../../api/keys';

export interface DueDateVars {
  dia: number;
  telefone: string;
}

/** POST /api/due-date/contracts/{nCtrId}: the case with DiaVencimento__c and CobrarValorProRata__c. 409 DUPLICATE_CASE. */
export const requestDueDate = (nCtrId: ContractId, vars: DueDateVars, idempotencyKey: string) =>
  unwrap(
    api.POST('/api/due-date/contracts/{nCtrId}', {
      params: { path: { nCtrId }, header: { 'idempotency-key': idempotencyKey } },
      body: vars,
    }),
  );

/**
 * After success 'Minhas solicitações' is refreshed. The contract's due day is not changed here (001 §4 updates it
 * locally, but the contract keeps its day until staff approve the request, and a reload said so: issue 24 item 15).
 */
export function useRequestDueDate(nCtrId: ContractId) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (vars: DueDateVars, key: string) => requestDueDate(nCtrId, vars, key),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: caseKeys.list(nCtrId) });
    },
  });
}
