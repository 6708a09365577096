import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { rolesThatReadFeeds } from '../../policies/calendar-feeds.ts';

export interface CalendarFeedRow {
  calendar_feed_id: string;
  project_id: string | null;
  project_name: string | null;
  created_at: Date;
}

/** A person's feeds that still work, newest first (a project feed of a deleted project is gone). */
export async function activeFeedsOf(db: Kysely<Database>, userId: string): Promise<CalendarFeedRow[]> {
  return db
    .selectFrom('calendar_feed')
    .leftJoin('project', 'project.project_id', 'calendar_feed.project_id')
    .select([
      'calendar_feed.calendar_feed_id',
      'calendar_feed.project_id',
      'project.name as project_name',
      'calendar_feed.created_at',
    ])
    .where('calendar_feed.user_id', '=', userId)
    .where('calendar_feed.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('calendar_feed.project_id', 'is', null), eb('project.deleted_at', 'is', null)]))
    .orderBy('calendar_feed.created_at', 'desc')
    .orderBy('calendar_feed.calendar_feed_id')
    .execute();
}

export interface ServedFeed {
  user_id: string;
  project_id: string | null;
  project_name: string | null;
}

/**
 * The feed a token opens, or null: no such token, revoked, or a project feed whose project is
 * deleted or whose owner no longer reads that project's organization. Every null is the same 404.
 */
export async function feedOfToken(db: Kysely<Database>, secretHash: string): Promise<ServedFeed | null> {
  const row = await db
    .selectFrom('calendar_feed')
    .leftJoin('project', 'project.project_id', 'calendar_feed.project_id')
    .leftJoin('rule', (join) =>
      join
        .onRef('rule.organization_id', '=', 'project.organization_id')
        .onRef('rule.user_id', '=', 'calendar_feed.user_id')
        .on('rule.role', 'in', rolesThatReadFeeds),
    )
    .select([
      'calendar_feed.user_id',
      'calendar_feed.project_id',
      'project.name as project_name',
      'project.deleted_at',
      'rule.rule_id',
    ])
    .where('calendar_feed.secret_hash', '=', secretHash)
    .where('calendar_feed.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.project_id !== null && (row.deleted_at !== null || row.rule_id === null)) return null;
  return { user_id: row.user_id, project_id: row.project_id, project_name: row.project_name };
}

/**
 * The feed's owner still has a rule that reads tasks in the project's organization: a feed shows
 * nothing of an organization they left or where they may no longer read.
 */
function ownerReadsProject(feed: ServedFeed) {
  return (eb: ExpressionBuilder<Database, 'project'>) =>
    eb.exists(
      eb
        .selectFrom('rule')
        .select('rule.rule_id')
        .whereRef('rule.organization_id', '=', 'project.organization_id')
        .where('rule.user_id', '=', feed.user_id)
        .where('rule.role', 'in', rolesThatReadFeeds),
    );
}

/** The live tasks assigned to a feed's owner: a personal feed shows the milestones and cycles that hold one. */
function tasksAssignedToOwner(db: Kysely<Database>, feed: ServedFeed) {
  return db
    .selectFrom('task')
    .where('task.assignee_id', '=', feed.user_id)
    .where('task.deleted_at', 'is', null);
}

export interface FeedTaskRow {
  task_id: string;
  title: string;
  status: string;
  reference: number;
  trigram: string;
  project_name: string;
  /** 'YYYY-MM-DD' or null. */
  due_on: string | null;
  due_at: Date | null;
  updated_at: Date;
}

export interface FeedWindow {
  from: Date;
  to: Date;
  limit: number;
}

/**
 * The due tasks a feed shows: assigned to its owner (personal) or in its project, live, not archived,
 * in organizations where the owner still reads tasks, due within the window; past the limit, those
 * due nearest to `now` are kept. Sorted by due date.
 */
export async function dueTasksOfFeed(
  db: Kysely<Database>,
  feed: ServedFeed,
  now: Date,
  window: FeedWindow,
): Promise<FeedTaskRow[]> {
  const fromDay = window.from.toISOString().slice(0, 10);
  const toDay = window.to.toISOString().slice(0, 10);
  const due = sql<Date>`coalesce(task.due_at, task.due_on::timestamp at time zone 'UTC')`;
  const rows = await db
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select([
      'task.task_id',
      'task.title',
      'task.status',
      'task.reference',
      'project.trigram',
      'project.name as project_name',
      sql<string | null>`to_char(task.due_on, 'YYYY-MM-DD')`.as('due_on'),
      'task.due_at',
      'task.updated_at',
    ])
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null)
    .where(ownerReadsProject(feed))
    .where('task.status_category', '!=', 'canceled')
    .$if(feed.project_id === null, (qb) => qb.where('task.assignee_id', '=', feed.user_id))
    .$if(feed.project_id !== null, (qb) => qb.where('task.project_id', '=', feed.project_id as string))
    .where((eb) =>
      eb.or([
        eb.and([eb('task.due_on', '>=', fromDay), eb('task.due_on', '<=', toDay)]),
        eb.and([eb('task.due_at', '>=', window.from), eb('task.due_at', '<=', window.to)]),
      ]),
    )
    .orderBy(sql`abs(extract(epoch from ${due} - ${now}::timestamptz))`)
    .orderBy('task.task_id')
    .limit(window.limit)
    .execute();
  const dueTime = (row: FeedTaskRow) =>
    row.due_at ? new Date(row.due_at).getTime() : Date.parse(`${row.due_on}T00:00:00Z`);
  return rows.sort((a, b) => dueTime(a) - dueTime(b) || a.task_id.localeCompare(b.task_id));
}

export interface FeedMilestoneRow {
  milestone_id: string;
  name: string;
  project_id: string;
  project_name: string;
  /** 'YYYY-MM-DD'. */
  target_date: string;
}

/**
 * The milestones a feed shows on their target day: those of its project, or (personal) those that
 * hold a live task assigned to its owner; in organizations where the owner still reads tasks, with a
 * target inside the window, at most `limit`, nearest first.
 */
export async function milestonesOfFeed(
  db: Kysely<Database>,
  feed: ServedFeed,
  window: FeedWindow,
): Promise<FeedMilestoneRow[]> {
  const fromDay = window.from.toISOString().slice(0, 10);
  const toDay = window.to.toISOString().slice(0, 10);
  return db
    .selectFrom('milestone')
    .innerJoin('project', 'project.project_id', 'milestone.project_id')
    .select([
      'milestone.milestone_id',
      'milestone.name',
      'project.project_id',
      'project.name as project_name',
      sql<string>`to_char(milestone.target_on, 'YYYY-MM-DD')`.as('target_date'),
    ])
    .where('project.deleted_at', 'is', null)
    .where(ownerReadsProject(feed))
    .where((eb) =>
      feed.project_id !== null
        ? eb('milestone.project_id', '=', feed.project_id)
        : eb('milestone.milestone_id', 'in', tasksAssignedToOwner(db, feed).select('task.milestone_id')),
    )
    .where('milestone.target_on', '>=', fromDay)
    .where('milestone.target_on', '<=', toDay)
    .orderBy('milestone.target_on')
    .orderBy('milestone.milestone_id')
    .limit(window.limit)
    .execute();
}

export interface FeedCycleRow {
  cycle_id: string;
  number: number;
  name: string | null;
  project_id: string;
  project_name: string;
  /** 'YYYY-MM-DD'; ends_on is the day after its last, as DTEND wants it. */
  starts_on: string;
  ends_on: string;
}

/**
 * The cycles a feed shows as all-day spans: those of its project, or (personal) those that hold a
 * live task assigned to its owner; in organizations where the owner still reads tasks, overlapping
 * the window, at most `limit`, earliest first.
 */
export async function cyclesOfFeed(
  db: Kysely<Database>,
  feed: ServedFeed,
  window: FeedWindow,
): Promise<FeedCycleRow[]> {
  const fromDay = window.from.toISOString().slice(0, 10);
  const toDay = window.to.toISOString().slice(0, 10);
  return db
    .selectFrom('cycle')
    .innerJoin('project', 'project.project_id', 'cycle.project_id')
    .select([
      'cycle.cycle_id',
      'cycle.number',
      'cycle.name',
      'project.project_id',
      'project.name as project_name',
      sql<string>`to_char(cycle.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
      sql<string>`to_char(cycle.ends_on, 'YYYY-MM-DD')`.as('ends_on'),
    ])
    .where('project.deleted_at', 'is', null)
    .where(ownerReadsProject(feed))
    .where((eb) =>
      feed.project_id !== null
        ? eb('cycle.project_id', '=', feed.project_id)
        : eb('cycle.cycle_id', 'in', tasksAssignedToOwner(db, feed).select('task.cycle_id')),
    )
    .where('cycle.ends_on', '>', fromDay)
    .where('cycle.starts_on', '<=', toDay)
    .orderBy('cycle.starts_on')
    .orderBy('cycle.cycle_id')
    .limit(window.limit)
    .execute();
}
