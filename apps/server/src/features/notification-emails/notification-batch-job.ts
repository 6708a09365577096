import { z } from 'zod';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { itemsByTask, taskReference } from './notification-lines.ts';
import { recipientOf, watchedInWindow } from './queries.ts';
import { sendNotificationEmail } from './send-notification-email.ts';

/** Comments and changes on watched tasks: one email per person per two-minute window (migration 0014). */
const NOTIFICATION_BATCH_JOB = 'notification_batch';

const payloadSchema = z.object({ user_id: z.uuid(), from: z.string(), until: z.string() });

export const notificationBatchHandler: JobHandler = {
  kind: NOTIFICATION_BATCH_JOB,
  async run({ deps, job }) {
    const payload = payloadSchema.safeParse(job.payload);
    const from = new Date(payload.data?.from ?? Number.NaN);
    const until = new Date(payload.data?.until ?? Number.NaN);
    if (!payload.success || Number.isNaN(until.getTime())) {
      throw new PermanentJobError('The stored batch cannot be read.');
    }
    const recipient = await recipientOf(deps.db, payload.data.user_id);
    if (recipient?.email_level !== 'watching') return;
    // '-infinity' (a person's first window) reads as an invalid date: from the window's start then.
    const since = Number.isNaN(from.getTime()) ? new Date(until.getTime() - 3 * 60_000) : from;
    const rows = await watchedInWindow(deps.db, recipient.user_id, since, until);
    if (rows.length === 0) return;
    const items = itemsByTask(deps.env.PUBLIC_URL, rows);
    const first = rows[0]!;
    const subject =
      items.length === 1
        ? `Updates on ${taskReference(first)}: ${first.task_title}`
        : `Updates on ${items.length} tasks you watch`;
    const count = rows.length === 1 ? 'One update' : `${rows.length} updates`;
    await sendNotificationEmail(deps, recipient, {
      subject,
      intro: `${count} on tasks you watch in Figgle.`,
      items,
    });
  },
};
