import type { Locale } from '@figgle/shared/constants';
import { type Kysely, sql } from 'kysely';
import type { Database, EmailLevel } from '../../db/schema.ts';

/** A notification with what its email says: the task, its project, who did it. */
export interface NotificationForEmail {
  notification_id: string;
  user_id: string;
  task_id: string;
  /** A design change (no actor) reaches only the daily digest: the triggers of 0014 mail the others. */
  kind: 'mention' | 'assignment' | 'comment' | 'change' | 'design_changed';
  detail: Record<string, unknown>;
  created_at: Date;
  task_title: string;
  task_reference: number;
  project_name: string;
  project_trigram: string;
  actor_name: string | null;
  /** A status change: the names in the task's project of the statuses it went from and to. */
  status_from_name?: string | null;
  status_to_name?: string | null;
}

/** The name of the status a change went `side` (from, to), in the task's project. */
const statusNameIn = (side: 'from' | 'to') =>
  sql<string | null>`(SELECT project_status.name FROM project_status
    WHERE n.detail->>'field' = 'status' AND project_status.project_id = t.project_id
      AND project_status.key = n.detail->>${side}::text)`;

/**
 * Notifications an email may tell of, read when it is sent: the person still holds a rule in the
 * task's organization (nobody hears about one they left), the task and its project still exist, and
 * the person did not make the change themselves.
 */
function tellable(db: Kysely<Database>) {
  return db
    .selectFrom('notification as n')
    .innerJoin('rule as r', (join) =>
      join.onRef('r.organization_id', '=', 'n.organization_id').onRef('r.user_id', '=', 'n.user_id'),
    )
    .innerJoin('task as t', 't.task_id', 'n.task_id')
    .innerJoin('project as p', 'p.project_id', 'n.project_id')
    .leftJoin('app_user as a', 'a.user_id', 'n.actor_id')
    .where('t.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .where(sql<boolean>`n.actor_id IS DISTINCT FROM n.user_id`)
    .select([
      'n.notification_id',
      'n.user_id',
      'n.task_id',
      'n.kind',
      'n.detail',
      'n.created_at',
      't.title as task_title',
      't.reference as task_reference',
      'p.name as project_name',
      'p.trigram as project_trigram',
      sql<string | null>`nullif(trim(a.firstname || ' ' || a.lastname), '')`.as('actor_name'),
      statusNameIn('from').as('status_from_name'),
      statusNameIn('to').as('status_to_name'),
    ]);
}

export async function notificationForEmail(
  db: Kysely<Database>,
  notificationId: string,
): Promise<NotificationForEmail | undefined> {
  const row = await tellable(db).where('n.notification_id', '=', notificationId).executeTakeFirst();
  return row as NotificationForEmail | undefined;
}

/** Comments and changes on watched tasks in one two-minute window (from inclusive, until exclusive). */
export async function watchedInWindow(
  db: Kysely<Database>,
  userId: string,
  from: Date,
  until: Date,
): Promise<NotificationForEmail[]> {
  const rows = await tellable(db)
    .where('n.user_id', '=', userId)
    .where('n.kind', 'in', ['comment', 'change'])
    .where('n.created_at', '>=', from)
    .where('n.created_at', '<', until)
    .orderBy('n.created_at')
    .execute();
  return rows as NotificationForEmail[];
}

/** The unread "For me" notifications of the day before `until`, newest last; at most 100. */
export async function unreadForDigest(
  db: Kysely<Database>,
  userId: string,
  since: Date,
  until: Date,
): Promise<NotificationForEmail[]> {
  const rows = await tellable(db)
    .where('n.user_id', '=', userId)
    .where('n.read_at', 'is', null)
    .where('n.created_at', '>', since)
    .where('n.created_at', '<=', until)
    .orderBy('n.created_at')
    .limit(100)
    .execute();
  return rows as NotificationForEmail[];
}

export interface Recipient {
  user_id: string;
  email: string;
  firstname: string;
  email_level: EmailLevel;
  daily_digest: boolean;
  time_zone: string | null;
  /** Told in "For me" when a linked design changes (migration 0031). */
  design_changes: boolean;
  /** The language they chose (migration 0042); English when null. */
  locale: Locale | null;
}

/** The person an email goes to, with their choices (the defaults when they never changed them). */
export async function recipientOf(db: Kysely<Database>, userId: string): Promise<Recipient | undefined> {
  return db
    .selectFrom('app_user as u')
    .leftJoin('notification_preference as np', 'np.user_id', 'u.user_id')
    .where('u.user_id', '=', userId)
    .select([
      'u.user_id',
      'u.email',
      'u.firstname',
      sql<EmailLevel>`coalesce(np.email_level, 'mentions')`.as('email_level'),
      sql<boolean>`coalesce(np.daily_digest, false)`.as('daily_digest'),
      'np.time_zone',
      sql<boolean>`coalesce(np.design_changes, true)`.as('design_changes'),
      'u.locale',
    ])
    .executeTakeFirst();
}
