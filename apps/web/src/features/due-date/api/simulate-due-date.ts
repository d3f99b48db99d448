import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractId } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';

export const dueDateKeys = {
  all: ['due-date'] as const,
  simulation: (nCtrId: number, dia: number) => [...dueDateKeys.all, nCtrId, dia] as const,
};

/** GET /api/due-date/contracts/{nCtrId}/simulation?dia=N: the pro-rata of ADR 050 for the chosen day. */
export const simulateDueDate = (nCtrId: ContractId, dia: number) =>
  unwrap(api.GET('/api/due-date/contracts/{nCtrId}/simulation', { params: { path: { nCtrId }, query: { dia } } }));

export const dueDateSimulationQuery = (nCtrId: ContractId, dia: number) =>
  queryOptions({ queryKey: dueDateKeys.simulation(nCtrId, dia), queryFn: () => simulateDueDate(nCtrId, dia), staleTime: 5 * 60_000 });

export const useDueDateSimulation = (nCtrId: ContractId, dia: number | null) =>
  useQuery({ ...dueDateSimulationQuery(nCtrId, dia ?? 1), enabled: dia !== null, placeholderData: keepPreviousData });
