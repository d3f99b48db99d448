import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FipeCode, PlateParam, VehicleBrandsDto, VehicleLookupDto, VehicleModelsDto, VehicleRestrictionsDto } from '@guarita/domain';
import { ErrorEnvelope, errorResponses } from '../../lib/errors';
import { bearerAuth } from '../../plugins/openapi';
import { NCtrIdParams } from '../contracts';

/** 404/422 of the plate lookup carry the spec's second line in `detalhes.motivo`. */
const VehicleErrorEnvelope = ErrorEnvelope;

/**
 * /api/vehicles/* (issue 12 §4–§5): plate lookup and FIPE brands/models for the vehicle-change form (customers
 * only: the BFF holds the plates service), and a contract's restrictions (spare-car blocking rules, COBRE,
 * third-party collision) for the screens. The requests themselves are cases: POST /api/cases/contracts/{nCtrId}.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['vehicles'];
  const vehicles = app.vehicles;

  app.get(
    '/vehicles/plates/:plate',
    {
      schema: {
        tags,
        operationId: 'lookupPlate',
        security: bearerAuth,
        summary: 'Vehicle registered under a plate (old ABC1234 or Mercosul ABC1D23): model, chassis, FIPE value, Permitido',
        description:
          "200 the vehicle (Fipe.Valor null when the FIPE table has no value); 400 'Insira a placa do carro' (not a plate); " +
          "404 PLATE_NOT_FOUND 'Não foi possível recuperar valores (FIPE) do veículo!' (detalhes.motivo: 'Verifique a placa…').",
        params: z.object({ plate: PlateParam }),
        response: { 200: VehicleLookupDto, ...errorResponses, 404: VehicleErrorEnvelope },
      },
    },
    (req) => vehicles.lookupPlate(req.params.plate),
  );

  app.get(
    '/vehicles/brands',
    {
      schema: {
        tags,
        operationId: 'listVehicleBrands',
        security: bearerAuth,
        summary: 'FIPE brands (Codigo, Nome) for the unplated vehicle form',
        response: { 200: VehicleBrandsDto, ...errorResponses },
      },
    },
    async (_req, reply) => reply.header('cache-control', 'private, max-age=3600').send({ marcas: await vehicles.brands() }),
  );

  app.get(
    '/vehicles/brands/:brandCode/models',
    {
      schema: {
        tags,
        operationId: 'listVehicleModels',
        security: bearerAuth,
        summary: "A FIPE brand's models (Codigo, Nome, Permitido)",
        description: "404 'Marca não encontrada.'",
        params: z.object({ brandCode: FipeCode }),
        response: { 200: VehicleModelsDto, ...errorResponses },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', 'private, max-age=3600').send({ modelos: await vehicles.models(req.params.brandCode) }),
  );

  app.get(
    '/vehicles/contracts/:nCtrId/restrictions',
    {
      schema: {
        tags,
        operationId: 'getVehicleRestrictions',
        security: bearerAuth,
        summary:
          'What blocks a spare car (each rule with when it ends) or a vehicle change (COBRE plan, collision with third parties) on this contract',
        description: '404 when the contract is not yours or is closed. The same rules are enforced again when the case is created.',
        params: NCtrIdParams,
        response: { 200: VehicleRestrictionsDto, ...errorResponses },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', 'no-store').send(await vehicles.restrictions(app.db, req.auth.customerId, req.params.nCtrId)),
  );
};
export default routes;
