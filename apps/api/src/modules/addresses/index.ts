import fp from 'fastify-plugin';
import { AddressesService } from './service';
import routes from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    addressLookup: AddressesService;
  }
}

/** Address (CEP) lookup (issue 9; decorated as addressLookup: Fastify owns `addresses()`): GET /api/addresses/cep/{cep} over the `cepLookup` port of the composition root. */
export default fp(
  async (app) => {
    app.decorate('addressLookup', new AddressesService(app.cepLookup));
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'addresses', dependencies: ['ports', 'authenticate'] },
);
