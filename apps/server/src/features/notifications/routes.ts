import {
  notificationPageSchema,
  notificationsQuery,
  unreadCountSchema,
  watchersSchema,
} from '@figgle/shared/notification-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorizeWatching } from '../../policies/notifications.ts';
import { markAllNotificationsRead, markNotificationRead } from './commands/mark-notifications-read.ts';
import { setWatching } from './commands/watch-task.ts';
import { presentNotification, presentWatchers } from './presenter.ts';
import { cursorAfter, notificationsPage, unreadCount, watchersOf } from './queries.ts';

const notificationParams = z.object({ notificationId: z.uuid() });
const taskParams = z.object({ taskId: z.uuid() });

/** "For me" (the person's notifications) and watching a task. */
export async function notificationRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        querystring: notificationsQuery,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { cursor, limit } = request.query;
      const rows = await notificationsPage(db, user.user_id, cursor, limit);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: page.map(presentNotification),
        next_cursor: rows.length > limit && last ? cursorAfter(last) : null,
      };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    { schema: { tags: ['notifications'], response: { 200: unreadCountSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { unread: await unreadCount(db, user.user_id) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { tags: ['notifications'], response: { 204: noContent } } },
    async (request, reply) => {
      await markAllNotificationsRead(app.deps, await requireUser(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/notifications/:notificationId/read',
    { schema: { tags: ['notifications'], params: notificationParams, response: { 204: noContent } } },
    async (request, reply) => {
      await markNotificationRead(app.deps, await requireUser(request), request.params.notificationId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/tasks/:taskId/watchers',
    { schema: { tags: ['notifications'], params: taskParams, response: { 200: watchersSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeWatching(db, user, request.params.taskId);
      return presentWatchers(await watchersOf(db, request.params.taskId, user.user_id));
    },
  );

  for (const [method, watching] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/tasks/:taskId/watch',
      schema: { tags: ['notifications'], params: taskParams, response: { 200: watchersSchema } },
      handler: async (request) => {
        const user = await requireUser(request);
        await setWatching(app.deps, user, { taskId: request.params.taskId, watching });
        return presentWatchers(await watchersOf(db, request.params.taskId, user.user_id));
      },
    });
  }
}
