import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface RecurrenceRow {
  task_id: string;
  rrule: string;
  after_completion: boolean;
  starts_on: string;
  occurrence: number;
  time_zone: string;
  /** The task's due day, or null. */
  due_on: string | null;
  due_at: Date | null;
}

/** A live task's repetition, with its organization's time zone and its due date; undefined: none. */
export async function recurrenceOfTask(
  db: Kysely<Database>,
  taskId: string,
): Promise<RecurrenceRow | undefined> {
  return db
    .selectFrom('task_recurrence')
    .innerJoin('task', 'task.task_id', 'task_recurrence.task_id')
    .innerJoin('organization', 'organization.organization_id', 'task_recurrence.organization_id')
    .select([
      'task_recurrence.task_id',
      'task_recurrence.rrule',
      'task_recurrence.after_completion',
      sql<string>`to_char(task_recurrence.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
      'task_recurrence.occurrence',
      'organization.time_zone',
      sql<string | null>`to_char(task.due_on, 'YYYY-MM-DD')`.as('due_on'),
      'task.due_at',
    ])
    .where('task_recurrence.task_id', '=', taskId)
    .where('task.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The live task the series moved to when this one was completed, while it is still there. */
export async function nextTaskOf(
  db: Kysely<Database>,
  taskId: string,
): Promise<{ task_id: string; reference: number; trigram: string } | undefined> {
  return db
    .selectFrom('task_recurrence')
    .innerJoin('task', 'task.task_id', 'task_recurrence.task_id')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select(['task.task_id', 'task.reference', 'project.trigram'])
    .where('task_recurrence.previous_task_id', '=', taskId)
    .where('task.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The organization's time zone (IANA name; UTC until an owner sets it). */
export async function timeZoneOf(db: Kysely<Database>, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom('organization')
    .select('time_zone')
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.time_zone;
}
