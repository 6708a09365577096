import {
  ESTIMATE_SCALE_LABELS,
  ESTIMATE_VALUES,
  type EstimateScale,
  isEstimateOf,
} from '@figgle/shared/estimate';
import type { LogMetadata } from '@figgle/shared/log-type';
import { sql, type Transaction } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { logRow } from '../../../commands/log-rows.ts';
import { lockLiveTask } from '../../../commands/task-field-writes.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { badRequest } from '../../../http/errors.ts';

export interface WrittenEstimate {
  projectId: string;
  organizationId: string;
  status: TaskStatus;
  /** False when the estimate asked was already the task's: nothing was written. */
  changed: boolean;
}

const estimateIssue = (message: string) => [{ path: 'body.estimate', message }];

/**
 * The estimate part of a PATCH of a task, inside the caller's transaction: locks the live task,
 * checks the actor's role and that `estimate` is a value of its project's scale (else a 400, and the
 * caller's transaction changes nothing), then writes it with an ESTIMATE log line. `bumpVersion`
 * false when the same request already gave the task a new version.
 */
export async function writeTaskEstimate(
  trx: Transaction<Database>,
  user: CurrentUser,
  taskId: string,
  estimate: string | null,
  bumpVersion = true,
): Promise<WrittenEstimate> {
  const task = await lockLiveTask(trx, user, taskId, 'task.update');
  if (estimate !== null) refuseOutsideScale(task.estimateScale, estimate);

  const written = { projectId: task.projectId, organizationId: task.organizationId, status: task.status };
  if (task.estimate === estimate) return { ...written, changed: false };
  await trx
    .updateTable('task')
    .set((eb) => ({
      estimate,
      ...(bumpVersion ? { version: eb('version', '+', 1), updated_at: new Date() } : {}),
      last_modified_by: user.user_id,
    }))
    .where('task_id', '=', taskId)
    .execute();
  const metadata: LogMetadata = { estimate: { old: task.estimate, new: estimate } };
  await trx
    .insertInto('log')
    .values(logRow(task, user.user_id, 'ESTIMATE', metadata))
    .execute();
  return { ...written, changed: true };
}

function refuseOutsideScale(scale: EstimateScale, estimate: string): void {
  if (scale === 'none')
    throw badRequest(
      'This project does not use estimates: choose a scale in its settings first.',
      estimateIssue('the project has no estimate scale'),
    );
  if (!isEstimateOf(scale, estimate))
    throw badRequest(
      `The estimate ${estimate} is not on this project's scale, ${ESTIMATE_SCALE_LABELS[scale]}.`,
      estimateIssue(`is not one of ${ESTIMATE_VALUES[scale].join(', ')}`),
    );
}

/**
 * After a project's scale changed: every task of the project (deleted ones included, so none comes
 * back with a stray value) whose estimate the new scale has no value for loses it, with an ESTIMATE
 * log line saying what it was. Returns how many live tasks were cleared.
 */
export async function clearEstimatesOutsideScale(
  trx: Transaction<Database>,
  actorId: string,
  projectId: string,
  scale: EstimateScale,
): Promise<number> {
  const kept = [...ESTIMATE_VALUES[scale]];
  const { rows } = await sql<{ cleared: number }>`
    WITH before AS (
      SELECT task_id, estimate FROM task
      WHERE project_id = ${projectId}::uuid AND estimate IS NOT NULL AND NOT (estimate = ANY(${kept}::text[]))
      FOR UPDATE
    ), cleared AS (
      UPDATE task SET estimate = NULL, version = task.version + 1, updated_at = now(),
        last_modified_by = ${actorId}::uuid
      FROM before WHERE task.task_id = before.task_id
      RETURNING task.task_id, task.deleted_at, before.estimate AS old
    ), logged AS (
      INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
      SELECT cleared.task_id, project.project_id, project.organization_id, ${actorId}::uuid, 'ESTIMATE',
        jsonb_build_object('estimate', jsonb_build_object('old', cleared.old, 'new', NULL))
      FROM cleared JOIN project ON project.project_id = ${projectId}
    )
    SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS cleared FROM cleared
  `.execute(trx);
  return rows[0]?.cleared ?? 0;
}
