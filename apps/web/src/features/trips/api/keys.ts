/** Query keys of the trips feature (a module of its own: the boot's seeding imports it without the feature, ADR 058). */
export const tripKeys = {
  all: ['trips'] as const,
  list: (nCtrId: number) => [...tripKeys.all, 'list', nCtrId] as const,
  position: (nCtrId: number) => [...tripKeys.all, 'position', nCtrId] as const,
  mapConfig: () => [...tripKeys.all, 'map-config'] as const,
};
