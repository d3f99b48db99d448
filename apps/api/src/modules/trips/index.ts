import fp from 'fastify-plugin';
import type { MapConfigDto } from '@guarita/domain';
import { SimulatedTrackingFeed } from '../../ports/tracking-feed';
import { TripsRepository } from './repository';
import { TripsService, summariseBacklog } from './service';
import type { Database } from '../../db/db';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../trips', never its files.
export type { TripsService } from './service';

/** The summaries' backlog of a database the app is not running on (`npm run seed:scale`): one batch, 0 when done. */
export const summariseTripBacklog = (db: Database, limit?: number): Promise<number> => summariseBacklog(new TripsRepository(db), limit);

declare module 'fastify' {
  interface FastifyInstance {
    trips: TripsService;
    /** What GET /api/trips/map-config answers (the boot answers it too, ADR 058). */
    mapConfig: MapConfigDto;
  }
}

/** Demo vehicle the simulator drives: Maria's Onix (contract 100101). */
export const SIMULATED_CONTRACT = 100101;
/** A 1×1 light-grey PNG, served as every map tile in demo/test setups that run offline. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4+/fvfwAJ7QP3nZ0M3gAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Trips and live position (issue 10): /api/trips/*, the tracking-feed simulator in demo mode (timer unref'd,
 * stopped on close), and demo mode's offline map tile /api/dev/tile.png.
 */
export default fp(
  async (app) => {
    const { env } = app.config;
    const service = new TripsService(new TripsRepository(app.db), app.contracts, app.clock);
    const map: MapConfigDto = { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION };
    app.decorate('trips', service);
    app.decorate('mapConfig', map);
    await app.register(routes, { prefix: '/api', service, map });

    if (app.config.demoMode) {
      app.get('/api/dev/tile.png', { schema: { hide: true } }, async (_req, reply) =>
        reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(BLANK_TILE),
      );
    }

    const simulate = env.TRACKING_SIMULATOR ?? (app.config.demoMode && env.NODE_ENV !== 'test');
    if (simulate) {
      const feed = new SimulatedTrackingFeed(
        app.db,
        SIMULATED_CONTRACT,
        env.TRACKING_SIMULATOR_INTERVAL_MS,
        undefined,
        (err) => app.log.warn({ err }, 'tracking simulator tick failed'),
        () => app.clock.now(),
      );
      app.addHook('onReady', async () => feed.start());
      app.addHook('onClose', async () => feed.stop());
    }
  },
  { name: 'trips', dependencies: ['ports', 'authenticate', 'contracts'] },
);
