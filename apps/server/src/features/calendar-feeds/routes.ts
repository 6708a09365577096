import {
  calendarFeedIdParams,
  calendarFeedSchema,
  calendarFeedTokenParams,
  createCalendarFeedInput,
  createdCalendarFeedSchema,
} from '@figgle/shared/calendar-feed-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireSessionUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { fileAnswer, noContent } from '../../http/response-schemas.ts';
import { createCalendarFeed } from './commands/create-calendar-feed.ts';
import { revokeCalendarFeed } from './commands/revoke-calendar-feed.ts';
import { feedUrl, hashFeedToken, isFeedToken } from './feed-secret.ts';
import { presentCalendarFeed, presentCreatedCalendarFeed, presentFeedCalendar } from './presenter.ts';
import { activeFeedsOf, cyclesOfFeed, dueTasksOfFeed, feedOfToken, milestonesOfFeed } from './queries.ts';

const tags = ['calendar feeds'];
// A feed's address is a credential: managed from a browser session only, as API tokens are.
const config = { sessionOnly: true };
const DAY_MS = 86_400_000;

/**
 * The feed's limits (docs/product.md#calendar-feeds): tasks due from a year back to two years ahead,
 * at most this many (those due nearest to today).
 */
const FEED_DAYS_BACK = 366;
const FEED_DAYS_AHEAD = 731;
const FEED_MAX_EVENTS = 1000;

/** Calendar feeds (docs/product.md#calendar-feeds): listed, created (address shown once), revoked, served. */
export async function calendarFeedRoutes(app: AppInstance): Promise<void> {
  const { db, env, clock } = app.deps;

  app.get(
    '/api/me/calendar-feeds',
    { config, schema: { tags, response: { 200: z.array(calendarFeedSchema) } } },
    async (request) => {
      const user = await requireSessionUser(request);
      return (await activeFeedsOf(db, user.user_id)).map(presentCalendarFeed);
    },
  );

  app.post(
    '/api/me/calendar-feeds',
    {
      config,
      schema: { tags, body: createCalendarFeedInput, response: { 201: createdCalendarFeedSchema } },
    },
    async (request, reply) => {
      const user = await requireSessionUser(request);
      const { row, token } = await createCalendarFeed(app.deps, user, request.body);
      return reply.status(201).send(presentCreatedCalendarFeed(row, feedUrl(env.PUBLIC_URL, token)));
    },
  );

  app.delete(
    '/api/me/calendar-feeds/:calendarFeedId',
    { config, schema: { tags, params: calendarFeedIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireSessionUser(request);
      await revokeCalendarFeed(app.deps, user, request.params);
      return reply.status(204).send(null);
    },
  );

  // The feed itself: no session, the token in the address is the only credential; read-only.
  app.get(
    '/api/calendar-feeds/:feedToken/tasks.ics',
    {
      schema: {
        tags,
        params: calendarFeedTokenParams,
        response: { 200: fileAnswer('text/calendar', 'The feed, as iCalendar (RFC 5545).') },
      },
    },
    async (request, reply) => {
      const { feedToken } = request.params;
      const feed = isFeedToken(feedToken) ? await feedOfToken(db, hashFeedToken(feedToken)) : null;
      if (!feed) throw notFound('Calendar feed');
      const now = clock.now();
      const window = {
        from: new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS),
        to: new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS),
        limit: FEED_MAX_EVENTS,
      };
      const tasks = await dueTasksOfFeed(db, feed, now, window);
      const milestones = await milestonesOfFeed(db, feed, window);
      const cycles = await cyclesOfFeed(db, feed, window);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(
          Buffer.from(
            presentFeedCalendar(feed, tasks, { publicUrl: env.PUBLIC_URL, now, milestones, cycles }),
          ),
        );
    },
  );
}
