import type { LogMetadata } from '@figgle/shared/log-type';
import { type Kysely, sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { logRow } from '../../../commands/log-rows.ts';
import { type Announcement, publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { serially } from '../../../commands/serially.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { authorize, organizationOfProject, organizationOfTask, roleIn } from '../../../policies/authorize.ts';
import { lockColumn } from './column-lock.ts';

export const OTHER_ORGANIZATION_MESSAGE = 'A task moves only to a project of its own organization.';
export const SAME_PROJECT_MESSAGE = 'The task is already in this project.';

/**
 * The status a task takes in the project it moves to (migration 0037): the one of the same key there,
 * else the first there of the same category as its status here, else that project's first status.
 */
async function statusIn(
  trx: Kysely<Database>,
  fromProjectId: string,
  projectId: string,
  status: TaskStatus,
): Promise<TaskStatus> {
  const { rows } = await sql<{ key: string }>`
    SELECT target.key FROM project_status AS target
    LEFT JOIN project_status AS source ON source.project_id = ${fromProjectId} AND source.key = ${status}
    WHERE target.project_id = ${projectId}
    ORDER BY target.key = ${status} DESC, target.category = source.category DESC, target.position, target.key
    LIMIT 1
  `.execute(trx);
  return rows[0]?.key ?? status;
}

export interface MovedTask {
  taskId: string;
  organizationId: string;
  fromProjectId: string;
  projectId: string;
  status: TaskStatus;
  reference: number;
}

/**
 * Moves a task to another project of its organization (POST /api/tasks/:taskId/move): the task takes
 * the project's next reference and the end of its status column there; its comments, checklist,
 * labels, watchers and change log go with it, and a MOVE line names both projects. A project the
 * person cannot see is a 404; one of another organization they belong to, a 400; nothing changes.
 */
export async function moveTaskToProject(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, projectId }: { taskId: string; projectId: string },
): Promise<MovedTask> {
  const { organizationId, projectId: fromProjectId } = await organizationOfTask(db, taskId);
  await authorize(db, user, 'task.move', organizationId, 'Task');
  const targetOrganizationId = await organizationOfProject(db, projectId);
  if (targetOrganizationId !== organizationId) {
    // A project of an organization the person is not in stays unknown to them.
    if (!(await roleIn(db, user.user_id, targetOrganizationId))) throw notFound('Project');
    throw badRequest(OTHER_ORGANIZATION_MESSAGE, [
      { path: 'project_id', message: OTHER_ORGANIZATION_MESSAGE },
    ]);
  }
  if (projectId.toLowerCase() === fromProjectId.toLowerCase())
    throw badRequest(SAME_PROJECT_MESSAGE, [{ path: 'project_id', message: SAME_PROJECT_MESSAGE }]);

  const write = () =>
    db.transaction().execute(async (trx) => {
      const task = await trx
        .selectFrom('task')
        .select(['task_id', 'project_id', 'status'])
        .where('task_id', '=', taskId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      // Deleted, or moved elsewhere, meanwhile.
      if (!task || task.project_id !== fromProjectId) throw notFound('Task');
      const status = await statusIn(trx, fromProjectId, projectId, task.status);
      const reference = await writeMove(trx, user, {
        taskId,
        organizationId,
        fromProjectId,
        projectId,
        status,
      });
      return { taskId, organizationId, fromProjectId, projectId, status, reference };
    });

  return publishAfterCommit(
    bus,
    () => serially(`task-creation:${projectId.toLowerCase()}`, write),
    (moved) => announceMove(moved, user.user_id),
  );
}

/** The old project's list and board lose the task; the new one's gain it. */
export function announceMove(moved: MovedTask, actorId: string): Announcement[] {
  const { taskId, organizationId } = moved;
  return [
    {
      event: {
        kind: 'task',
        action: 'deleted',
        id: taskId,
        organizationId,
        projectId: moved.fromProjectId,
        taskId,
        status: moved.status,
        actorId,
        movedToProjectId: moved.projectId,
      },
    },
    {
      event: {
        kind: 'task',
        action: 'created',
        id: taskId,
        organizationId,
        projectId: moved.projectId,
        taskId,
        status: moved.status,
        actorId,
      },
    },
  ];
}

/**
 * The move itself, inside the caller's transaction, of a live task the caller has locked and whose
 * move it has authorized: the task takes the project's next reference and the end of `status`'s
 * column there; its log and notifications follow it, and a MOVE line names both projects. A
 * project gone (or of another organization) is a 404. Returns the new reference.
 */
export async function writeMove(
  trx: Kysely<Database>,
  user: CurrentUser,
  {
    taskId,
    organizationId,
    fromProjectId,
    projectId,
    status,
  }: { taskId: string; organizationId: string; fromProjectId: string; projectId: string; status: TaskStatus },
): Promise<number> {
  const projects = await trx
    .selectFrom('project')
    .select(['project_id', 'name'])
    .where('project_id', 'in', [fromProjectId, projectId])
    .where('organization_id', '=', organizationId)
    .execute();
  const from = projects.find((row) => row.project_id === fromProjectId);
  const to = await trx
    .updateTable('project')
    .set((eb) => ({ last_reference: eb('last_reference', '+', 1) }))
    .where('project_id', '=', projectId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .returning(['project_id', 'name', 'last_reference'])
    .executeTakeFirst();
  if (!to || !from) throw notFound('Project');

  await lockColumn(trx, projectId, status);
  const { rows } = await sql<{ rank: string }>`
    SELECT figgle_rank_between((
      SELECT rank FROM task
      WHERE project_id = ${projectId} AND status = ${status} AND deleted_at IS NULL
      ORDER BY rank DESC LIMIT 1
    ), NULL) AS rank
  `.execute(trx);
  const now = new Date();
  await trx
    .updateTable('task')
    .set((eb) => ({
      project_id: projectId,
      reference: to.last_reference,
      status,
      rank: rows[0]!.rank,
      updated_at: now,
      last_modified_by: user.user_id,
      version: eb('version', '+', 1),
    }))
    .where('task_id', '=', taskId)
    .execute();
  // Its history and what people were told of it follow the task to its new project.
  await trx.updateTable('log').set({ project_id: projectId }).where('task_id', '=', taskId).execute();
  await trx
    .updateTable('notification')
    .set({ project_id: projectId })
    .where('task_id', '=', taskId)
    .execute();
  const metadata: LogMetadata = {
    project: {
      old: { project_id: from.project_id, name: from.name },
      new: { project_id: to.project_id, name: to.name },
    },
  };
  await trx
    .insertInto('log')
    .values({
      ...logRow({ taskId, projectId, organizationId }, user.user_id, 'MOVE', metadata),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return to.last_reference;
}
