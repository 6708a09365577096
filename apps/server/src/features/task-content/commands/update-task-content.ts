import type { DeltaDocument } from '@figgle/shared/delta';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { logRow } from '../../../commands/log-rows.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { DeltaJson } from '../../../db/schema.ts';
import { authorizeOnTask } from '../../../policies/authorize.ts';
import { announceNotified, recordDescriptionMentions } from '../../notifications/commands/record.ts';

export interface UpdatedTaskContent {
  task_id: string;
  content_json: DeltaJson;
  last_modified_by: string | null;
  version: number;
  updated_at: Date;
}

/** JSON with sorted keys: jsonb reorders an object's keys, so two equal documents may differ as text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Saves a task's description and its CONTENT log line in one transaction. Successive description
 * saves by the same person collapse into one log line (docs/product.md#change-log): when the task's
 * latest log line is already that person's CONTENT line, it is moved to now instead of adding
 * another. Saving an unchanged document changes nothing. People newly mentioned are told and watch
 * the task; a mention of someone outside the organization is a 400 and saves nothing.
 */
export async function updateTaskContent(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, content }: { taskId: string; content: DeltaDocument },
): Promise<UpdatedTaskContent> {
  const { organizationId, projectId } = await authorizeOnTask(db, user, 'task.update', taskId);

  const write = () =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('task')
        .select(['task_id', 'content_json', 'last_modified_by', 'version', 'updated_at'])
        .where('task_id', '=', taskId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (canonical(current.content_json) === canonical(content)) {
        return { task: current, log: null, notified: null };
      }
      const place = { taskId, projectId, organizationId };
      const notified = await recordDescriptionMentions(
        trx,
        place,
        user.user_id,
        current.content_json as DeltaDocument,
        content,
      );
      const now = new Date();
      const task = await trx
        .updateTable('task')
        .set((eb) => ({
          content_json: JSON.stringify(content),
          last_modified_by: user.user_id,
          updated_at: now,
          version: eb('version', '+', 1),
        }))
        .where('task_id', '=', taskId)
        .returning(['task_id', 'content_json', 'last_modified_by', 'version', 'updated_at'])
        .executeTakeFirstOrThrow();

      const latest = await trx
        .selectFrom('log')
        .select(['log_id', 'type', 'author_id'])
        .where('task_id', '=', taskId)
        .orderBy('created_at', 'desc')
        .orderBy('log_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (latest?.type === 'CONTENT' && latest.author_id === user.user_id) {
        await trx.updateTable('log').set({ updated_at: now }).where('log_id', '=', latest.log_id).execute();
        return { task: task, log: { id: latest.log_id, action: 'updated' as const }, notified };
      }
      const log = await trx
        .insertInto('log')
        .values({
          ...logRow({ taskId, projectId, organizationId }, user.user_id, 'CONTENT', { content: true }),
          created_at: now,
          updated_at: now,
        })
        .returning('log_id')
        .executeTakeFirstOrThrow();
      return { task: task, log: { id: log.log_id, action: 'created' as const }, notified };
    });

  const facts = { organizationId, projectId, taskId, actorId: user.user_id };
  const outcome = await publishAfterCommit(bus, write, ({ log, notified }) =>
    log
      ? [
          { event: { kind: 'task', action: 'updated', id: taskId, ...facts } },
          { event: { kind: 'log', action: log.action, id: log.id, ...facts } },
          ...(notified ? announceNotified(notified) : []),
        ]
      : null,
  );
  return outcome.task;
}
