import { z } from 'zod';

export const CoordinateDto = z
  .object({ lat: z.number(), long: z.number(), ts: z.string(), vel: z.number().nullable() })
  .meta({ id: 'Coordinate' });

export const TripDto = z
  .object({
    Id: z.number().int(),
    DataHoraInicio: z.string(),
    DataHoraFim: z.string(),
    EnderecoInicio: z.string(),
    EnderecoFim: z.string(),
    Deletado: z.boolean(),
    CoordenadasValidas: z.array(CoordinateDto),
    totalDistance: z.number(),
    mediumVelocity: z.number(),
    maximumVelocity: z.number(),
  })
  .meta({ id: 'Trip' });
export type TripDto = z.infer<typeof TripDto>;

export const TripPageDto = z
  .object({
    Itens: z.array(TripDto),
    PossuiProximaPagina: z.boolean(),
    ProximaPagina: z.string().nullable(),
  })
  .meta({ id: 'TripPage' });
export type TripPageDto = z.infer<typeof TripPageDto>;

export const PositionDto = z
  .object({
    lat: z.number(),
    long: z.number(),
    ign: z.boolean(),
    ts: z.string(),
    minutesSinceLastCommunication: z.number().int().nullable(),
    silent: z.boolean(),
  })
  .meta({ id: 'Position' });
export type PositionDto = z.infer<typeof PositionDto>;

export const MapConfigDto = z.object({ tileUrl: z.string(), attribution: z.string() }).meta({ id: 'MapConfig' });
export type MapConfigDto = z.infer<typeof MapConfigDto>;
