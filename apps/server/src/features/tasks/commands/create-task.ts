import type { LogMetadata } from '@figgle/shared/log-type';
import type { Kysely, Transaction } from 'kysely';
import type { Database, DeltaJson, TaskStatus } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';
import type { Bus } from '../../../realtime/bus.ts';
import { assertAssignable } from '../assignee.ts';
import { lockColumn, rankAtEnd } from '../rank.ts';

export interface CreateTaskValues {
  projectId: string;
  title: string;
  status: TaskStatus;
  assigneeId: string | null;
  /** null: the task came from Figma, not from a person. */
  authorId: string | null;
  authorName: string;
  contentJson: DeltaJson;
  isFromFigma: boolean;
  figmaClientMeta: Record<string, unknown> | null;
}

export interface CreatedTask {
  taskId: string;
  projectId: string;
  organizationId: string;
  reference: number;
}

/**
 * Writes a task inside the caller's transaction: the project's next reference (the project row stays
 * locked until commit, so two creations never share one), a rank at the end of its column, and the
 * CREATION log. The project must be live; an assignee must hold a rule in its organization.
 * After the commit, call publishTaskCreated.
 */
export async function createTask(
  trx: Transaction<Database> | Kysely<Database>,
  values: CreateTaskValues,
): Promise<CreatedTask> {
  const project = await trx
    .updateTable('project')
    .set((eb) => ({ last_reference: eb('last_reference', '+', 1) }))
    .where('project_id', '=', values.projectId)
    .where('deleted_at', 'is', null)
    .returning(['last_reference', 'organization_id'])
    .executeTakeFirst();
  if (!project) throw notFound('Project');
  if (values.assigneeId) await assertAssignable(trx, values.assigneeId, project.organization_id);

  await lockColumn(trx, values.projectId, values.status);
  const rank = await rankAtEnd(trx, values.projectId, values.status);
  const task = await trx
    .insertInto('task')
    .values({
      project_id: values.projectId,
      reference: project.last_reference,
      title: values.title,
      status: values.status,
      rank,
      author_id: values.authorId,
      author_name: values.authorName,
      assignee_id: values.assigneeId,
      last_modified_by: values.authorId,
      content_json: JSON.stringify(values.contentJson),
      is_from_figma: values.isFromFigma,
      figma_client_meta: values.figmaClientMeta === null ? null : JSON.stringify(values.figmaClientMeta),
    })
    .returning('task_id')
    .executeTakeFirstOrThrow();

  const metadata: LogMetadata = {
    title: { old: null, new: values.title },
    status: { old: null, new: values.status },
    ...(values.assigneeId ? { assignee_id: { old: null, new: values.assigneeId } } : {}),
  };
  await trx
    .insertInto('log')
    .values({
      task_id: task.task_id,
      project_id: values.projectId,
      organization_id: project.organization_id,
      author_id: values.authorId,
      type: 'CREATION',
      metadata: JSON.stringify(metadata),
    })
    .execute();

  return {
    taskId: task.task_id,
    projectId: values.projectId,
    organizationId: project.organization_id,
    reference: project.last_reference,
  };
}

/** The bus event of a committed creation. */
export function publishTaskCreated(bus: Bus, created: CreatedTask, actorId: string | null): Promise<void> {
  return bus.publish({
    kind: 'task',
    action: 'created',
    id: created.taskId,
    organizationId: created.organizationId,
    projectId: created.projectId,
    taskId: created.taskId,
    actorId,
  });
}
