import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { FIGMA_DEV_RESOURCE_JOB } from '../../jobs/job-kinds.ts';

export interface FigmaEventRow {
  figma_event_id: string;
  organization_id: string;
  figma_event_type: string;
  figma_comment_id: string;
  kind: 'TASK' | 'REPLY' | 'COMMENT';
  figma_file_key: string;
  figma_file_name: string;
  figma_triggered_by: string;
  figma_client_meta: Record<string, unknown> | null;
  content: string;
  task_id: string | null;
  created_at: Date;
  project_id: string | null;
  project_name: string | null;
  project_trigram: string | null;
  project_emoji: string | null;
}

function eventsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('figma_event')
    .leftJoin('project', (join) =>
      join.onRef('project.project_id', '=', 'figma_event.project_id').on('project.deleted_at', 'is', null),
    )
    .leftJoin('task', (join) =>
      join.onRef('task.task_id', '=', 'figma_event.task_id').on('task.deleted_at', 'is', null),
    )
    .select([
      'figma_event.figma_event_id',
      'figma_event.organization_id',
      'figma_event.figma_event_type',
      'figma_event.figma_comment_id',
      'figma_event.kind',
      'figma_event.figma_file_key',
      'figma_event.figma_file_name',
      'figma_event.figma_triggered_by',
      'figma_event.figma_client_meta',
      'figma_event.content',
      'task.task_id',
      'figma_event.created_at',
      'project.project_id',
      'project.name as project_name',
      'project.trigram as project_trigram',
      'project.emoji as project_emoji',
    ]);
}

/** The radar: events of every organization the user belongs to, newest first; one extra row tells if more exist. */
export async function radarPage(
  db: Kysely<Database>,
  userId: string,
  offset: number,
  limit: number,
): Promise<{ rows: FigmaEventRow[]; hasMore: boolean }> {
  const rows = (await eventsQuery(db)
    .where('figma_event.organization_id', 'in', (eb) =>
      eb.selectFrom('rule').select('rule.organization_id').where('rule.user_id', '=', userId),
    )
    .orderBy('figma_event.created_at', 'desc')
    .orderBy('figma_event.figma_event_id', 'desc')
    .offset(offset)
    .limit(limit + 1)
    .execute()) as FigmaEventRow[];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

export async function figmaEventById(
  db: Kysely<Database>,
  eventId: string,
): Promise<FigmaEventRow | undefined> {
  return (await eventsQuery(db).where('figma_event.figma_event_id', '=', eventId).executeTakeFirst()) as
    | FigmaEventRow
    | undefined;
}

export interface FailedFigmaWorkRow {
  job_id: string;
  organization_id: string;
  kind: string;
  payload: Record<string, unknown>;
  last_error: string | null;
  attempts: number;
  finished_at: Date | null;
  task_title: string | null;
  task_file_name: string | null;
}

/**
 * Figma work that failed for good, in the user's organizations, newest first. The task a row is about:
 * a reply's, through its Figma event; a dev resource's, named in the job.
 */
export function failedFigmaWork(
  db: Kysely<Database>,
  userId: string,
  kinds: string[],
  limit: number,
): Promise<FailedFigmaWorkRow[]> {
  return db
    .selectFrom('job')
    .leftJoin('figma_event', (join) =>
      join.on(sql<boolean>`job.kind = 'figma_reply' AND figma_event.figma_event_id::text = job.dedupe_key`),
    )
    .leftJoin('task', (join) =>
      join
        .on(
          sql<boolean>`(task.task_id = figma_event.task_id
            OR (job.kind = ${FIGMA_DEV_RESOURCE_JOB} AND task.task_id::text = job.payload->>'task_id'))`,
        )
        .on('task.deleted_at', 'is', null),
    )
    .select([
      'job.job_id',
      'job.organization_id',
      'job.kind',
      'job.payload',
      'job.last_error',
      'job.attempts',
      'job.finished_at',
      'task.title as task_title',
      'figma_event.figma_file_name as task_file_name',
    ])
    .where('job.state', '=', 'failed')
    .where('job.kind', 'in', kinds)
    .where('job.organization_id', 'in', (eb) =>
      eb.selectFrom('rule').select('rule.organization_id').where('rule.user_id', '=', userId),
    )
    .orderBy('job.finished_at', 'desc')
    .orderBy('job.job_id', 'desc')
    .limit(limit)
    .execute() as Promise<FailedFigmaWorkRow[]>;
}
