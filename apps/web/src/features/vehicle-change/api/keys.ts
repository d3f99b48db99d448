/** Query keys of the vehicle features (vehicle change and spare car share the restrictions). */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  plate: (plate: string) => [...vehicleKeys.all, 'plate', plate] as const,
  brands: () => [...vehicleKeys.all, 'brands'] as const,
  models: (brand: string) => [...vehicleKeys.all, 'brands', brand, 'models'] as const,
  restrictions: (nCtrId: number) => [...vehicleKeys.all, 'restrictions', nCtrId] as const,
};
