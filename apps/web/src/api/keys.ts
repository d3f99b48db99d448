/** Query keys of the data every screen shares. Payments' keys live in features/payments/api/keys.ts. */
export const contractKeys = {
  all: ['contracts'] as const,
  detail: (nCtrId: number) => [...contractKeys.all, nCtrId] as const,
  bills: (nCtrId: number) => [...contractKeys.detail(nCtrId), 'bills'] as const,
};

export const meKeys = { all: ['me'] as const };

/** Support cases: shared because the plan-change and due-date features refresh 'Minhas solicitações' after sending. */
export const caseKeys = {
  all: ['cases'] as const,
  list: (nCtrId: number) => ['cases', 'contract', nCtrId] as const,
  detail: (caseId: string) => ['cases', 'detail', caseId] as const,
  comments: (caseId: string) => ['cases', 'detail', caseId, 'comments'] as const,
};
