import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

export const planKeys = {
  all: ['plan'] as const,
  view: (nCtrId: number) => [...planKeys.all, nCtrId] as const,
};

/** GET /api/plan/contracts/{nCtrId}: coverages, plan contents, referral discount, COBRE contact, contract PDFs. */
export const getPlan = (nCtrId: number) => unwrap(api.GET('/api/plan/contracts/{nCtrId}', { params: { path: { nCtrId } } }));

export const planQuery = (nCtrId: number) => queryOptions({ queryKey: planKeys.view(nCtrId), queryFn: () => getPlan(nCtrId) });

export const usePlan = (nCtrId: number | undefined) => useQuery({ ...planQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
