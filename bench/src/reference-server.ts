/**
 * The limit of our own stack, run as its own process by the bench: Fastify with no plugins, a jose
 * verification of the same access token, and one indexed query through the same Kysely adapter (PGlite or pg)
 * on the same database. `reference ratio` = the real API's authenticated read ÷ this.
 */
import path from 'node:path';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import { openPglite, openPostgres } from '../../apps/api/src/db/db';
import { deriveKey } from '../../apps/api/src/lib/keys';

const port = Number(process.env.PORT);
// The API signs access tokens with AUTH_SECRET's 'access-token' key (ADR 062), not the secret itself.
const key = deriveKey(process.env.AUTH_SECRET ?? '', 'access-token');
const db = process.env.DATABASE_URL
  ? await openPostgres(process.env.DATABASE_URL)
  : await openPglite(path.resolve(process.env.DATA_DIR ?? './data', 'pglite'));

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/contracts', async (req, reply) => {
  const token = req.headers.authorization?.slice('Bearer '.length) ?? '';
  let customerId: number;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'guarita', audience: 'guarita-web' });
    customerId = Number(payload.sub);
  } catch {
    return reply.code(401).send({ erro: 'UNAUTHORIZED' });
  }
  return db
    .selectFrom('contracts')
    .select(['n_ctr_id', 'plan_name', 'status', 'plate'])
    .where('customer_id', '=', customerId)
    .where('cancelled', '=', false)
    .orderBy('n_ctr_id')
    .execute();
});

await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app
      .close()
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
}
