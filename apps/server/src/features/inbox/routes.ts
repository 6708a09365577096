import { inboxPageSchema, inboxQuery, inboxStatusSchema } from '@figgle/shared/inbox-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { markInboxSeen } from './commands/mark-inbox-seen.ts';
import { presentInboxEntry, presentInboxStatus } from './presenter.ts';
import { inboxPage, inboxStatus } from './queries.ts';

export async function inboxRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/inbox',
    { schema: { tags: ['inbox'], querystring: inboxQuery, response: { 200: inboxPageSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { offset, limit } = request.query;
      const rows = await inboxPage(db, user.user_id, offset, limit);
      return { entries: rows.slice(0, limit).map(presentInboxEntry), has_more: rows.length > limit };
    },
  );

  app.get(
    '/api/inbox/status',
    { schema: { tags: ['inbox'], response: { 200: inboxStatusSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const status = await inboxStatus(db, user.user_id);
      return presentInboxStatus(status.has_new, status.inbox_seen_at);
    },
  );

  app.post(
    '/api/inbox/seen',
    { schema: { tags: ['inbox'], response: { 200: inboxStatusSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const seenAt = await markInboxSeen(app.deps, user);
      return presentInboxStatus(false, seenAt);
    },
  );
}
