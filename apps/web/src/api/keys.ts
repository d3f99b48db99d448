/** Query keys of the data every screen shares. Payments' keys live in features/payments/api/keys.ts. */
export const contractKeys = {
  all: ['contracts'] as const,
  detail: (nCtrId: number) => [...contractKeys.all, nCtrId] as const,
  bills: (nCtrId: number) => [...contractKeys.detail(nCtrId), 'bills'] as const,
};

export const meKeys = { all: ['me'] as const };

export const configKeys = { all: ['config'] as const };
