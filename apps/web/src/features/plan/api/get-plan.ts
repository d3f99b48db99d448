import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { planKeys } from './keys';

export { planKeys };

/** GET /api/plan/contracts/{nCtrId}: coverages, plan contents, referral discount, COBRE contact, contract PDFs. */
export const getPlan = (nCtrId: number) => unwrap(api.GET('/api/plan/contracts/{nCtrId}', { params: { path: { nCtrId } } }));

export const planQuery = (nCtrId: number) => queryOptions({ queryKey: planKeys.view(nCtrId), queryFn: () => getPlan(nCtrId) });

export const usePlan = (nCtrId: number | undefined) => useQuery({ ...planQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
