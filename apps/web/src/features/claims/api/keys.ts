/** Query keys of the claims feature (a module of its own: the boot's seeding imports it without the feature, ADR 058). */
export const claimKeys = {
  all: ['claims'] as const,
  list: () => ['claims', 'list'] as const,
  entry: (nCtrId: number) => ['claims', 'entry', nCtrId] as const,
  view: (caseNumber: string) => ['claims', 'view', caseNumber] as const,
};
