import type { VehicleBrandDto, VehicleLookupDto, VehicleModelDto } from '@guarita/domain';
import type { Database } from '../db/db';

/**
 * The vehicle port (001 §7 calls 12–13): plate lookup ('dados-atualizados/{plate}') and the FIPE brand and model
 * lists. Built-in: the reference tables of migration 010 (real FIPE brand codes and model names, demo plates).
 * A real adapter (a plates service, the FIPE API) implements the same four calls; the vehicles module never
 * reads those tables itself.
 */
export interface VehicleData {
  /** The vehicle registered under a normalised plate ('ABC1234', 'ABC1D23'); null when none is. */
  byPlate(plate: string): Promise<VehicleLookupDto | null>;
  brands(): Promise<VehicleBrandDto[]>;
  /** The brand's models; null when the brand does not exist. */
  models(brandCode: string): Promise<VehicleModelDto[] | null>;
  /** One model with its brand's name (unplated vehicle change), or null. */
  model(brandCode: string, modelCode: string): Promise<(VehicleModelDto & { Fabricante: string }) | null>;
}

export class BuiltInVehicleData implements VehicleData {
  constructor(private readonly db: Database) {}

  async byPlate(plate: string): Promise<VehicleLookupDto | null> {
    const r = await this.db
      .selectFrom('vehicle_plates as p')
      .innerJoin('vehicle_brands as b', 'b.code', 'p.brand_code')
      .innerJoin('vehicle_models as m', (j) => j.onRef('m.brand_code', '=', 'p.brand_code').onRef('m.code', '=', 'p.model_code'))
      .select([
        'p.plate',
        'p.year',
        'p.model_year',
        'p.chassis',
        'p.color',
        'p.vehicle_type',
        'p.passengers',
        'p.fuel',
        'p.fipe_code',
        'p.fipe_model',
        'p.fipe_value_cents',
        'b.name as brand',
        'm.name as model',
        'm.permitted',
      ])
      .where('p.plate', '=', plate)
      .executeTakeFirst();
    if (!r) return null;
    return {
      Ano: r.year,
      AnoModelo: r.model_year,
      Modelo: r.model,
      Fabricante: r.brand,
      Placa: r.plate,
      Chassi: r.chassis,
      Cor: r.color,
      TipoVeiculo: r.vehicle_type,
      QntPassageiros: r.passengers,
      Combustivel: r.fuel,
      Fipe: { Codigo: r.fipe_code, Modelo: r.fipe_model, Valor: r.fipe_value_cents === null ? null : r.fipe_value_cents / 100 },
      Permitido: r.permitted,
    };
  }

  brands(): Promise<VehicleBrandDto[]> {
    return this.db.selectFrom('vehicle_brands').select(['code as Codigo', 'name as Nome']).orderBy('name').execute();
  }

  async models(brandCode: string): Promise<VehicleModelDto[] | null> {
    const brand = await this.db.selectFrom('vehicle_brands').select('code').where('code', '=', brandCode).executeTakeFirst();
    if (!brand) return null;
    return this.db
      .selectFrom('vehicle_models')
      .select(['code as Codigo', 'name as Nome', 'permitted as Permitido'])
      .where('brand_code', '=', brandCode)
      .orderBy('name')
      .execute();
  }

  async model(brandCode: string, modelCode: string): Promise<(VehicleModelDto & { Fabricante: string }) | null> {
    const r = await this.db
      .selectFrom('vehicle_models as m')
      .innerJoin('vehicle_brands as b', 'b.code', 'm.brand_code')
      .select(['m.code as Codigo', 'm.name as Nome', 'm.permitted as Permitido', 'b.name as Fabricante'])
      .where('m.brand_code', '=', brandCode)
      .where('m.code', '=', modelCode)
      .executeTakeFirst();
    return r ?? null;
  }
}
