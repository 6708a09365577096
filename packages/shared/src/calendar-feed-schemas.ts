import { z } from 'zod';

/** A new feed: the person's own due tasks (no project), or one project's (docs/product.md#calendar-feeds). */
export const createCalendarFeedInput = z.object({ project_id: z.uuid().nullable().optional() });
export type CreateCalendarFeedInput = z.infer<typeof createCalendarFeedInput>;

export const calendarFeedIdParams = z.object({ calendarFeedId: z.uuid() });

/** The feed's own address: its token is the only credential, `figgle_cal_` and 43 base64url characters. */
export const calendarFeedTokenParams = z.object({ feedToken: z.string().max(100) });

/** A feed in its owner's list: never its address, which only its creation shows. */
export const calendarFeedSchema = z.object({
  calendar_feed_id: z.uuid(),
  project_id: z.uuid().nullable(),
  /** The project's name for a project feed; null for the personal feed. */
  project_name: z.string().nullable(),
  created_at: z.string(),
});
export type CalendarFeedView = z.infer<typeof calendarFeedSchema>;

/** The answer to creating a feed: the only time its secret address is shown. */
export const createdCalendarFeedSchema = calendarFeedSchema.extend({ url: z.string() });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;
