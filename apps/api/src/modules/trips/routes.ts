import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MapConfigDto, PositionDto, TRIPS_PAGE_SIZE, TripPageDto, safeText } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { bearerAuth } from '../../plugins/openapi';
import { NCtrIdParams } from '../contracts';
import type { TripsService } from './service';

export interface TripsRouteOptions {
  service: TripsService;
  map: { tileUrl: string; attribution: string };
}

const routes: FastifyPluginAsyncZod<TripsRouteOptions> = async (app, { service, map }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/trips/contracts/:nCtrId',
    {
      schema: {
        tags: ['trips'],
        operationId: 'listTrips',
        security: bearerAuth,
        summary: "A page of the contract's trips (newest first) with valid coordinates and derived figures",
        params: NCtrIdParams,
        querystring: z.object({
          pagina: safeText(200).optional(),
          tamanho: z.coerce.number().int().min(1).max(50).default(TRIPS_PAGE_SIZE),
        }),
        response: { 200: TripPageDto, ...errorResponses },
      },
    },
    (req) => service.page(req.auth.customerId, req.params.nCtrId, req.query.pagina, req.query.tamanho),
  );

  app.delete(
    '/trips/:tripId',
    {
      schema: {
        tags: ['trips'],
        operationId: 'deleteTrip',
        security: bearerAuth,
        summary: 'Delete one of your trips for good (soft delete: Deletado)',
        // trips.id is a bigserial (int8): every safe integer fits.
        params: z.object({ tripId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.delete(req.auth.customerId, req.params.tripId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/trips/contracts/:nCtrId/position',
    {
      schema: {
        tags: ['trips'],
        operationId: 'getVehiclePosition',
        security: bearerAuth,
        summary: "The vehicle's last position (lat, long, ign) and how long the tracker has been silent",
        params: NCtrIdParams,
        response: { 200: PositionDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.position(req.auth.customerId, req.params.nCtrId);
    },
  );

  app.get(
    '/trips/map-config',
    {
      schema: {
        tags: ['trips'],
        operationId: 'getMapConfig',
        security: bearerAuth,
        summary: 'Map tile URL and attribution',
        response: { 200: MapConfigDto, ...errorResponses },
      },
    },
    async () => map,
  );
};
export default routes;
