import { useQueryClient } from '@tanstack/react-query';
import type { ContractDto, ContractId } from '@guarita/domain';
import { api, unwrap, useIdempotentMutation } from '../../../lib/api';
import { caseKeys, contractKeys } from '../../../api/keys';

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
 * After success the shown due day is the new one (001 §4 'Due date': updated locally; staff apply it to the
 * contract), and 'Minhas solicitações' is refreshed.
 */
export function useRequestDueDate(nCtrId: ContractId) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (vars: DueDateVars, key: string) => requestDueDate(nCtrId, vars, key),
    onSuccess: (_created, vars) => {
      qc.setQueryData<ContractDto[]>(contractKeys.all, (list) => list?.map((c) => (c.nCtrId === nCtrId ? { ...c, dueDay: vars.dia } : c)));
      void qc.invalidateQueries({ queryKey: caseKeys.list(nCtrId) });
    },
  });
}
