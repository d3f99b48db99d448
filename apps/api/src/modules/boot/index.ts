import fp from 'fastify-plugin';
import routes from './routes';

/**
 * A returning customer's first request (ADR 058): `POST /api/auth/boot` rotates the refresh cookie as
 * `/api/auth/refresh` does and answers, with the tokens, what every logged-in first screen reads (contracts, the
 * customer, the unread count) and, when asked, the start data of the contract the page will show. One round trip
 * instead of refresh → contracts → bills on the critical path of every logged-in page load.
 */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'boot', dependencies: ['auth', 'customers', 'contracts', 'payments', 'notifications', 'plan', 'cases', 'trips', 'claims'] },
);
