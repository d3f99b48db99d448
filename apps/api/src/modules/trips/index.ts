import type { FastifyPluginAsync } from 'fastify';
import { SimulatedTrackingFeed } from '../../ports/tracking-feed';
import { TripsRepository } from './repository';
import { TripsService } from './service';
import routes from './routes';

/** Demo vehicle the simulator drives: Maria's Onix (contract 100101). */
export const SIMULATED_CONTRACT = 100101;
/** A 1×1 light-grey PNG, served as every map tile in demo/test setups that run offline. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4+/fvfwAJ7QP3nZ0M3gAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The CSP img-src entry for a tile URL template: its origin, '{s}' subdomains as a wildcard
 * ('https://{s}.tile.example/…' → 'https://*.tile.example'); nothing for our own relative URL.
 */
export function tileImageSources(template: string): string[] {
  const origin = /^(https?:\/\/[^/]+)/i.exec(template)?.[1];
  return origin ? [origin.replace('{s}', '*')] : [];
}

/** Trips and live position (issue 10): routes, the tracking-feed simulator in demo mode, the offline tile. */
const trips: FastifyPluginAsync = async (app) => {
  const { db, config, contracts } = app.services;
  const service = new TripsService(new TripsRepository(db), contracts);
  const { env } = config;
  await app.register(routes, { service, map: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION } });

  if (config.demoMode) {
    app.get('/dev/tile.png', { schema: { hide: true } }, async (_req, reply) =>
      reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(BLANK_TILE),
    );
  }

  const simulate = env.TRACKING_SIMULATOR ?? (config.demoMode && env.NODE_ENV !== 'test');
  if (simulate) {
    const feed = new SimulatedTrackingFeed(db, SIMULATED_CONTRACT, env.TRACKING_SIMULATOR_INTERVAL_MS, undefined, (err) =>
      app.log.warn({ err }, 'tracking simulator tick failed'),
    );
    app.addHook('onReady', async () => feed.start());
    app.addHook('onClose', async () => feed.stop());
  }
};
export default trips;
