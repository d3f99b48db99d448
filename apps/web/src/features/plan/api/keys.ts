/** Query keys of the plan feature (a module of its own: the boot's seeding imports it without the feature, ADR 058). */
export const planKeys = {
  all: ['plan'] as const,
  view: (nCtrId: number) => [...planKeys.all, nCtrId] as const,
};
