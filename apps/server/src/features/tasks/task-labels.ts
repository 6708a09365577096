import type { LogMetadata } from '@figgle/shared/log-type';
import { type Kysely, sql } from 'kysely';
import { logRow } from '../../commands/log-rows.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

/** A label as a LABELS log row keeps it: with the name it had, so the line still reads once renamed. */
export interface LoggedLabel {
  label_id: string;
  name: string;
}

/** Summaries list labels in this order (features/tasks/queries.ts): the log rows do too. */
const BY_NAME = sql`lower(label.name), label.name, label.label_id`;

/**
 * The labels of these ids, sorted by name; 400 when one is not a label of the organization (another
 * organization's label or no label at all look the same, so nothing leaks). A repeated id counts once.
 */
export async function labelsOfOrganization(
  trx: Kysely<Database>,
  organizationId: string,
  labelIds: readonly string[],
): Promise<LoggedLabel[]> {
  const ids = [...new Set(labelIds.map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('label')
    .select(['label.label_id', 'label.name'])
    .where('label.organization_id', '=', organizationId)
    .where(sql<boolean>`label.label_id = ANY(${ids}::uuid[])`)
    .orderBy(BY_NAME)
    .execute();
  if (rows.length !== ids.length) {
    throw badRequest('Every label must be a label of the organization of the task.', [
      { path: 'body.label_ids', message: 'names a label that is not one of the organization of the task' },
    ]);
  }
  return rows;
}

/** The task's labels now, sorted by name. */
export function labelsOfTask(trx: Kysely<Database>, taskId: string): Promise<LoggedLabel[]> {
  return trx
    .selectFrom('task_label')
    .innerJoin('label', 'label.label_id', 'task_label.label_id')
    .select(['label.label_id', 'label.name'])
    .where('task_label.task_id', '=', taskId)
    .orderBy(BY_NAME)
    .execute();
}

/**
 * Gives the task exactly these labels (checked with labelsOfOrganization first). The ids go in as
 * one array, so the statements' texts stay the same whatever their number (prepared statements).
 */
export async function replaceTaskLabels(
  trx: Kysely<Database>,
  taskId: string,
  labels: readonly LoggedLabel[],
): Promise<void> {
  const ids = labels.map((label) => label.label_id);
  await sql`
    DELETE FROM task_label WHERE task_id = ${taskId} AND label_id <> ALL(${ids}::uuid[])
  `.execute(trx);
  if (ids.length === 0) return;
  await sql`
    INSERT INTO task_label (task_id, label_id) SELECT ${taskId}, unnest(${ids}::uuid[])
    ON CONFLICT DO NOTHING
  `.execute(trx);
}

/**
 * Gives a locked task the labels `wanted` (checked with labelsOfOrganization) in place of `current`:
 * when they differ, the labels, a new version and one LABELS log row with both lists. Returns
 * whether anything was written.
 */
export async function writeTaskLabels(
  trx: Kysely<Database>,
  actorId: string,
  task: { taskId: string; projectId: string; organizationId: string },
  current: readonly LoggedLabel[],
  wanted: readonly LoggedLabel[],
): Promise<boolean> {
  const ids = (labels: readonly LoggedLabel[]) => labels.map((label) => label.label_id).join();
  if (ids(wanted) === ids(current)) return false;
  await replaceTaskLabels(trx, task.taskId, wanted);
  await trx
    .updateTable('task')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date(), last_modified_by: actorId }))
    .where('task_id', '=', task.taskId)
    .execute();
  const metadata: LogMetadata = { labels: { old: [...current], new: [...wanted] } };
  await trx
    .insertInto('log')
    .values(logRow(task, actorId, 'LABELS', metadata))
    .execute();
  return true;
}
