import fp from 'fastify-plugin';
import { CustomerRepository } from './repository';
import { CustomersService } from './service';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../customers', never its files.
export type { CustomersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    customers: CustomersService;
  }
}

/** The logged-in customer (GET /api/me); owns customers and addresses. */
export default fp(
  async (app) => {
    app.decorate('customers', new CustomersService(new CustomerRepository(app.db)));
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'customers', dependencies: ['ports', 'authenticate'] },
);
