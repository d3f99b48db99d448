import { z } from 'zod';
import { addDaysIso } from '@guarita/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { noAuth } from '../../plugins/openapi';
import { createFactoryCustomer, type FactoryCustomer } from '../../db/seed-factory';
import { ensureDemoPhotoFiles } from '../claims';
import { SimulatedTrackingFeed } from '../../ports/tracking-feed';

/**
 * The e2e suite's data factory (ADR 071), registered only when TEST_FACTORIES=true (which needs demo mode and which
 * production refuses): each test makes its own customer. The body's deeper shapes are the seed's own types, checked
 * by TypeScript in the suite that sends them; here only their outline.
 */
const Keyed = z.object({ contract: z.string() }).passthrough();
const Body = z.object({
  kind: z.enum(['cpf', 'cnpj']),
  name: z.string().min(1),
  tradeName: z.string().optional(),
  alphanumeric: z.boolean().optional(),
  email: z.boolean().optional(),
  sms: z.boolean().optional(),
  addresses: z.array(z.object({}).passthrough()).optional(),
  contracts: z.array(z.object({ key: z.string() }).passthrough()).min(1),
  cases: z.array(Keyed).optional(),
  claims: z.array(Keyed).optional(),
  trips: z.array(Keyed).optional(),
  referrals: z.array(Keyed).optional(),
  requiredSubItems: z.array(Keyed).optional(),
  /** Contracts (by name) whose vehicle the tracking simulator drives, as it drives the demo Onix. */
  live: z.array(z.string()).optional(),
});
const Result = z.object({
  document: z.string(),
  sms: z.string().nullable(),
  email: z.string().nullable(),
  contracts: z.record(z.string(), z.number()),
  cases: z.array(z.string()),
  claims: z.array(z.string()),
});

const factoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const feeds: SimulatedTrackingFeed[] = [];
  // Writing the photos' files runs one call at a time: two at once would write the same missing files together.
  let photoFiles: Promise<void> = Promise.resolve();
  app.addHook('onClose', async () => {
    for (const f of feeds) f.stop();
  });
  app.post(
    '/test/customers',
    {
      schema: {
        tags: ['dev'],
        operationId: 'testCreateCustomer',
        security: noAuth,
        summary: 'e2e test server only (TEST_FACTORIES): a new customer with the contracts, bills, cases and claims asked for',
        body: Body,
        response: { 201: Result, ...errorResponses },
      },
    },
    async (req, reply) => {
      const made = await createFactoryCustomer(app.db, req.body as unknown as FactoryCustomer, app.clock);
      if (req.body.claims?.length)
        await (photoFiles = photoFiles.catch(() => {}).then(() => ensureDemoPhotoFiles(app.db, app.fileStorage)));
      for (const key of req.body.live ?? []) {
        const nCtrId = made.contracts[key];
        if (nCtrId === undefined) continue;
        const feed = new SimulatedTrackingFeed(
          app.db,
          nCtrId,
          app.config.env.TRACKING_SIMULATOR_INTERVAL_MS,
          undefined,
          (err) => app.log.warn({ err }, 'factory: tracking simulator tick failed'),
          () => app.clock.now(),
        );
        feeds.push(feed);
        feed.start();
      }
      return reply.code(201).send(made);
    },
  );

  // Pix Automático's e2e (ADR 077): a new bill of a factory-made contract, as the billing run issues one, then the
  // scan that sends new bills to the payer's bank (it runs hourly on its own; here at once).
  app.post(
    '/test/contracts/:nCtrId/bills',
    {
      schema: {
        tags: ['dev'],
        operationId: 'testIssueBill',
        security: noAuth,
        summary: 'e2e test server only (TEST_FACTORIES): issue a new open bill of a contract, then run the Pix Automático scan',
        params: z.object({ nCtrId: z.coerce.number().int().min(900001).max(999999) }),
        body: z.object({ dueInDays: z.number().int().min(0).max(60), amount: z.number().int().min(1).max(10_000_000).optional() }),
        response: { 201: z.object({ docEntry: z.number().int(), dueDate: z.string(), charged: z.number().int() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { nCtrId } = req.params;
      const owner = await app.contracts.ownerOf(app.db, nCtrId);
      const contract = owner === null ? null : await app.contracts.find(owner, nCtrId);
      if (!contract) return reply.code(404).send({ sucesso: false, status: 404, erro: 'NOT_FOUND', mensagem: 'Contrato não encontrado.' });
      const dueDate = addDaysIso(app.clock.today(), req.body.dueInDays);
      const bill = await app.db
        .transaction()
        .execute((tx) =>
          app.contracts.issueBill(tx, { nCtrId, dueDate, amount: req.body.amount ?? contract.monthlyFee, issuedAt: app.clock.now() }),
        );
      const charged = await app.pixAutomatico.service.chargeDueBills(nCtrId);
      return reply.code(201).send({ docEntry: bill.docEntry, dueDate, charged });
    },
  );
};
export default factoryRoutes;
