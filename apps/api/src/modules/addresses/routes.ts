import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressLookupDto, cepParamSchema } from '@guarita/domain';
import { ErrorEnvelope, errorResponses } from '../../lib/errors';
import { bearerAuth } from '../../plugins/openapi';

const CepParams = z.object({ cep: cepParamSchema });

/** 404 carries the postal service's own code in `detalhes.Erro` ('correios-cep-nao-encontrado'). */
const CepNotFoundEnvelope = ErrorEnvelope.extend({ detalhes: z.object({ Erro: z.string() }).optional() }).meta({ id: 'CepErrorEnvelope' });

/** GET /api/addresses/cep/{cep}: the address of a CEP (customers only; the BFF holds the outside service). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/addresses/cep/:cep',
    {
      schema: {
        tags: ['addresses'],
        operationId: 'lookupCep',
        security: bearerAuth,
        summary: 'Address of a CEP (street, district, city, state, IBGE code) for the registration-change form',
        description:
          "200 the address; 400 'CEP inválido' (not 00000-000 or 8 digits); 404 'CEP não encontrado' " +
          "(detalhes.Erro = 'correios-cep-nao-encontrado'); 503 the lookup service did not answer (type the address).",
        params: CepParams,
        response: { 200: AddressLookupDto, ...errorResponses, 404: CepNotFoundEnvelope },
      },
    },
    async (req, reply) => {
      const address = await app.addressLookup.lookup(req.params.cep);
      // Addresses of a CEP change rarely; the answer holds no personal data.
      return reply.header('cache-control', 'private, max-age=86400').send(address);
    },
  );
};
export default routes;
