import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanViewDto } from '@guarita/domain';
import { api } from '../../../lib/api-client';

export const planKeys = {
  all: ['plan'] as const,
  view: (nCtrId: number) => [...planKeys.all, nCtrId] as const,
};

/** GET /api/plan/contracts/{nCtrId}: coverages, plan contents, referral discount, COBRE contact, contract PDFs. */
export const getPlan = (nCtrId: number) => api<PlanViewDto>(`/api/plan/contracts/${nCtrId}`);

export const planQuery = (nCtrId: number) => queryOptions({ queryKey: planKeys.view(nCtrId), queryFn: () => getPlan(nCtrId) });

export const usePlan = (nCtrId: number | undefined) => useQuery({ ...planQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
