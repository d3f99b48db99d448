import { intId } from './bounds';

declare const contractIdBrand: unique symbol;
/**
 * A contract's id (nCtrId). Branded so it cannot be swapped with another number (a customer id, a bill's
 * docEntry) where a function takes both; any ContractId is still a number for reading and printing.
 */
export type ContractId = number & { readonly [contractIdBrand]: 'ContractId' };

/** A ContractId from a path parameter or a form value ('100101' or 100101). */
export const contractIdSchema = /* @__PURE__ */ intId().transform((n) => n as ContractId);

export const CLOSED_STATUS = 'Encerrado';

export interface SelectableContract {
  nCtrId: number;
  status: string;
  vehicle: { numberPlate: string | null; vModel: string | null };
}

export interface VehicleOption {
  /** index and plate, as the spec's selector value */
  value: string;
  label: string;
  nCtrId: number;
}

/** A contract the customer may act on (pay, change card, advance): neither Encerrado nor cancelled. */
export function isActiveContract(c: { status: string; cancelled?: boolean }): boolean {
  return c.status !== CLOSED_STATUS && c.cancelled !== true;
}

/** Contracts a customer may pick: every one except those with status Encerrado. */
export function selectableContracts<T extends SelectableContract>(contracts: readonly T[]): T[] {
  return contracts.filter((c) => c.status !== CLOSED_STATUS);
}

/** 'PLACA MODELO' in upper case; else the plate; else 'Dispositivo N' (N counts from 1 in list order). */
export function vehicleLabel(c: SelectableContract, index: number): string {
  const plate = c.vehicle.numberPlate?.trim();
  const model = c.vehicle.vModel?.trim();
  if (plate && model) return `${plate} ${model}`.toUpperCase();
  if (plate) return plate.toUpperCase();
  return `Dispositivo ${index + 1}`;
}

export function vehicleOptions(contracts: readonly SelectableContract[]): VehicleOption[] {
  return selectableContracts(contracts).map((c, i) => ({
    value: `${i}-${c.vehicle.numberPlate ?? ''}`,
    label: vehicleLabel(c, i),
    nCtrId: c.nCtrId,
  }));
}

/** Plates compare without spaces, dashes or case ('ABC-1D23' = 'abc 1d23'). */
export function samePlate(a: string | null | undefined, b: string | null | undefined): boolean {
  const n = (s: string | null | undefined) => (s ?? '').replace(/[\s-]/g, '').toUpperCase();
  return n(a) !== '' && n(a) === n(b);
}
