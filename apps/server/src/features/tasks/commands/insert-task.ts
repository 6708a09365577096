import type { LogMetadata } from '@figgle/shared/log-type';
import { type Kysely, sql } from 'kysely';
import { logRow } from '../../../commands/log-rows.ts';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import type { Database, DeltaJson, TaskPriority, TaskStatus } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';
import { assertAssignable } from '../assignee.ts';
import { labelsOfOrganization, replaceTaskLabels } from '../task-labels.ts';
import { lockColumn } from './column-lock.ts';

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
  /** A due day (YYYY-MM-DD) or a due instant (ISO), at most one of them; absent: none. */
  dueOn?: string | null;
  dueAt?: string | null;
  /** The start day (YYYY-MM-DD), never after the due date (the caller's schema refused that); absent: none. */
  startOn?: string | null;
  /** Absent: NONE. */
  priority?: TaskPriority;
  /** Labels of the project's organization (400 otherwise); absent: none. */
  labelIds?: readonly string[];
}

export interface CreatedTask {
  taskId: string;
  projectId: string;
  organizationId: string;
  reference: number;
}

/**
 * Writes a task inside the caller's transaction (commands/create-task.ts, or a Figma command that
 * makes a task of a comment): the project's next reference (the project row stays locked until
 * commit, so two creations never share one), a rank at the end of its column, its labels, and the
 * CREATION log (with the due date, start date, priority and labels it was given).
 * The project must be live; an assignee must hold a rule in its organization. After the commit,
 * the calling command announces it through publishAfterCommit with announceTaskCreated.
 */
export async function insertTask(trx: Kysely<Database>, values: CreateTaskValues): Promise<CreatedTask> {
  const project = await trx
    .updateTable('project')
    .set((eb) => ({ last_reference: eb('last_reference', '+', 1) }))
    .where('project_id', '=', values.projectId)
    .where('deleted_at', 'is', null)
    .returning(['last_reference', 'organization_id'])
    .executeTakeFirst();
  if (!project) throw notFound('Project');
  if (values.assigneeId) await assertAssignable(trx, values.assigneeId, project.organization_id);
  const labels = await labelsOfOrganization(trx, project.organization_id, values.labelIds ?? []);

  // The rank after the column's last, by the same figgle_rank_between a move uses (migration 0004).
  await lockColumn(trx, values.projectId, values.status);
  const { rows } = await sql<{ rank: string }>`
    SELECT figgle_rank_between((
      SELECT rank FROM task
      WHERE project_id = ${values.projectId} AND status = ${values.status} AND deleted_at IS NULL
      ORDER BY rank DESC LIMIT 1
    ), NULL) AS rank
  `.execute(trx);
  const rank = rows[0]!.rank;
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
      due_on: values.dueOn ?? null,
      due_at: values.dueAt ?? null,
      start_on: values.startOn ?? null,
      priority: values.priority ?? 'NONE',
    })
    .returning(['task_id', sql<string | null>`figgle_due_text(due_on, due_at)`.as('due')])
    .executeTakeFirstOrThrow();
  if (labels.length > 0) await replaceTaskLabels(trx, task.task_id, labels);

  const metadata: LogMetadata = {
    title: { old: null, new: values.title },
    status: { old: null, new: values.status },
    ...(values.assigneeId ? { assignee_id: { old: null, new: values.assigneeId } } : {}),
    ...(task.due ? { due: { old: null, new: task.due } } : {}),
    ...(values.startOn ? { start: { old: null, new: values.startOn } } : {}),
    ...(values.priority && values.priority !== 'NONE'
      ? { priority: { old: null, new: values.priority } }
      : {}),
    ...(labels.length > 0 ? { labels: { old: [], new: labels } } : {}),
  };
  await trx
    .insertInto('log')
    .values(
      logRow(
        { taskId: task.task_id, projectId: values.projectId, organizationId: project.organization_id },
        values.authorId,
        'CREATION',
        metadata,
      ),
    )
    .execute();

  return {
    taskId: task.task_id,
    projectId: values.projectId,
    organizationId: project.organization_id,
    reference: project.last_reference,
  };
}

/** The bus event of a committed creation. */
export function announceTaskCreated(created: CreatedTask, actorId: string | null): Announcement {
  return {
    event: {
      kind: 'task',
      action: 'created',
      id: created.taskId,
      organizationId: created.organizationId,
      projectId: created.projectId,
      taskId: created.taskId,
      actorId,
    },
  };
}
