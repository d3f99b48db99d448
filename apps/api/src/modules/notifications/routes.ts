import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationListQuery, NotificationPageDto, NotificationPreferences, UnreadCountDto } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { bearerAuth } from '../../plugins/openapi';
import type { NotificationsService } from './service';

const tags = ['notifications'];
const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The customer's notifications (issue 13 §3): every route is scoped to the token's customer. */
const routes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        operationId: 'listNotifications',
        security: bearerAuth,
        summary: 'Your notifications, newest first (keyset: antes = the last id of the previous page)',
        querystring: NotificationListQuery,
        response: { 200: NotificationPageDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(req.auth.customerId, req.query);
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags,
        operationId: 'countUnreadNotifications',
        security: bearerAuth,
        summary: "How many of your notifications are unread (the bell's count)",
        response: { 200: UnreadCountDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.unread(req.auth.customerId);
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        operationId: 'markNotificationRead',
        security: bearerAuth,
        summary: 'Mark one of your notifications read (another customer’s id answers 404)',
        params: IdParams,
        response: { 204: z.null().describe('Done'), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.markRead(req.auth.customerId, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        operationId: 'markAllNotificationsRead',
        security: bearerAuth,
        summary: 'Mark all your notifications read',
        response: { 204: z.null().describe('Done'), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.markAllRead(req.auth.customerId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/notifications/preferences',
    {
      schema: {
        tags,
        operationId: 'getNotificationPreferences',
        security: bearerAuth,
        summary: 'Which groups of notifications you also get by e-mail',
        response: { 200: NotificationPreferences, ...errorResponses },
      },
    },
    (req) => service.preferences(req.auth.customerId),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        operationId: 'saveNotificationPreferences',
        security: bearerAuth,
        summary: 'Choose which groups of notifications you also get by e-mail',
        body: NotificationPreferences,
        response: { 200: NotificationPreferences, ...errorResponses },
      },
    },
    (req) => service.savePreferences(req.auth.customerId, req.body),
  );
};
export default routes;
