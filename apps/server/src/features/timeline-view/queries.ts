import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

interface TimelineTaskRow {
  task_id: string;
  reference: number;
  title: string;
  status: 'TODO' | 'DOING' | 'DONE' | 'ARCHIVE';
  assignee_id: string | null;
  assignee_firstname: string | null;
  assignee_lastname: string | null;
  start_date: string | null;
  due_on: string | null;
  due_at: Date | null;
  parent_id: string | null;
  milestone_id: string | null;
}

export interface TimelineRows {
  projectId: string;
  trigram: string;
  tasks: TimelineTaskRow[];
  milestones: Array<{ milestone_id: string; name: string; target_date: string }>;
  blocks: Array<{ from_task_id: string; to_task_id: string }>;
}

/**
 * What the Timeline view draws of a live project: its live tasks but archived ones (dates as YYYY-MM-DD text, as
 * drivers would read a date as a local-midnight Date), its milestones and the "blocks" relations
 * between two of its tasks. Three statements on one index each; no per-task query.
 */
export async function timelineOfProject(db: Kysely<Database>, projectId: string): Promise<TimelineRows> {
  const project = await db
    .selectFrom('project')
    .select('trigram')
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const tasks = await db
    .selectFrom('task')
    .leftJoin('app_user as assignee', 'assignee.user_id', 'task.assignee_id')
    .select([
      'task.task_id',
      'task.reference',
      'task.title',
      'task.status',
      'task.assignee_id',
      'assignee.firstname as assignee_firstname',
      'assignee.lastname as assignee_lastname',
      sql<string | null>`to_char(task.start_on, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(task.due_on, 'YYYY-MM-DD')`.as('due_on'),
      'task.due_at',
      'task.parent_id',
      'task.milestone_id',
    ])
    .where('task.project_id', '=', projectId)
    .where('task.deleted_at', 'is', null)
    .where('task.status_category', '!=', 'canceled')
    .orderBy('task.reference')
    .execute();
  const milestones = await db
    .selectFrom('milestone')
    .select(['milestone_id', 'name', sql<string>`to_char(target_on, 'YYYY-MM-DD')`.as('target_date')])
    .where('project_id', '=', projectId)
    .orderBy('target_on')
    .orderBy('name')
    .execute();
  const blocks = await db
    .selectFrom('task_relation as relation')
    .innerJoin('task as blocker', 'blocker.task_id', 'relation.from_task_id')
    .innerJoin('task as blocked', 'blocked.task_id', 'relation.to_task_id')
    .select(['relation.from_task_id', 'relation.to_task_id'])
    .where('relation.kind', '=', 'blocks')
    .where('blocker.project_id', '=', projectId)
    .where('blocker.deleted_at', 'is', null)
    .where('blocker.status_category', '!=', 'canceled')
    .where('blocked.project_id', '=', projectId)
    .where('blocked.deleted_at', 'is', null)
    .where('blocked.status_category', '!=', 'canceled')
    .orderBy('relation.created_at')
    .execute();
  return { projectId, trigram: project.trigram, tasks: tasks as TimelineTaskRow[], milestones, blocks };
}
