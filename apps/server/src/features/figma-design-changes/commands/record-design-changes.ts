import { type Kysely, sql, type Transaction } from 'kysely';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import type { JobDeps } from '../../../jobs/job-handler.ts';
import { announceNotified, type Notified } from '../../notifications/commands/record.ts';
import { type FileLink, linksOfFile } from '../queries.ts';

export interface RenderedVersion {
  id: string;
  label: string | null;
  author: string | null;
  at: Date;
}

export interface Renders {
  version: RenderedVersion;
  /** Each node's SHA-256 at the version. */
  after: Map<string, string>;
  /** The version before it and each node's SHA-256 there: the baseline of links never seen yet. */
  previous: { id: string; hashes: Map<string, string> } | null;
}

/**
 * Writes the newest render of each link of the file and compares it with what the task's assignee
 * last saw (the baseline of a link never seen is the version before, when the link is older than
 * the new version). A link whose picture changed anew gets "Design changed" and its task's assignee
 * and watchers a 'design_changed' notification, unless they turned the kind off. One transaction,
 * with the job's "done"; the events go out after the commit.
 */
export async function recordDesignChanges(
  deps: Pick<JobDeps, 'db' | 'bus'>,
  organizationId: string,
  fileKey: string,
  links: readonly FileLink[],
  renders: Renders,
  completeIn: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await publishAfterTransaction(
    deps,
    async (trx) => {
      const changedTasks = new Map<string, string>();
      // Read again under lock: another delivery's job for the same file may have written since.
      for (const link of await lockLinks(trx, organizationId, fileKey, links)) {
        const news = await updateLink(trx, link, renders);
        if (news) changedTasks.set(link.task_id, link.project_id);
      }
      const notified = await notify(trx, organizationId, fileKey, changedTasks, renders.version);
      await completeIn(trx);
      return { changedTasks, notified };
    },
    ({ changedTasks, notified }): Announcement[] => [
      ...[...changedTasks].map(([taskId, projectId]) => ({
        event: {
          kind: 'task' as const,
          action: 'updated' as const,
          id: taskId,
          organizationId,
          projectId,
          taskId,
          actorId: null,
        },
      })),
      ...notified.flatMap(announceNotified),
    ],
  );
}

async function lockLinks(
  trx: Transaction<Database>,
  organizationId: string,
  fileKey: string,
  links: readonly FileLink[],
): Promise<FileLink[]> {
  const ids = links.map((link) => link.task_figma_node_id).sort();
  if (ids.length === 0) return [];
  await sql`
    SELECT task_figma_node_id FROM task_figma_node
    WHERE task_figma_node_id = ANY (${ids}::uuid[]) ORDER BY task_figma_node_id FOR UPDATE
  `.execute(trx);
  const wanted = new Set(ids);
  return (await linksOfFile(trx, organizationId, fileKey)).filter((link) =>
    wanted.has(link.task_figma_node_id),
  );
}

/** True when the link's picture changed anew: a change its assignee has not been told of. */
async function updateLink(trx: Kysely<Database>, link: FileLink, renders: Renders): Promise<boolean> {
  const { version } = renders;
  const after = renders.after.get(link.node_id);
  if (!after) return false;
  // A newer version was compared already (deliveries can come out of order): nothing to say.
  if (link.latest_version_at && new Date(link.latest_version_at) > version.at) return false;
  let seen = link.seen_sha256;
  let seenVersion = link.seen_version_id;
  if (!seen) {
    const before =
      new Date(link.created_at) < version.at ? renders.previous?.hashes.get(link.node_id) : undefined;
    seen = before ?? after;
    seenVersion = before ? renders.previous!.id : version.id;
  }
  const changed = after !== seen;
  const news = changed && after !== link.latest_sha256;
  await trx
    .updateTable('task_figma_node')
    .set({
      seen_sha256: seen,
      seen_version_id: seenVersion,
      latest_sha256: after,
      latest_version_id: version.id,
      latest_version_label: version.label?.slice(0, 300) ?? null,
      latest_version_author: version.author?.slice(0, 200) ?? null,
      latest_version_at: version.at,
      design_changed_at: changed ? (news ? version.at : (link.design_changed_at ?? version.at)) : null,
    })
    .where('task_figma_node_id', '=', link.task_figma_node_id)
    .execute();
  return news;
}

/**
 * A 'design_changed' notification for the assignee and the watchers of each task, members of the
 * organization who did not turn the kind off. Figma made the change: there is no actor.
 */
async function notify(
  trx: Kysely<Database>,
  organizationId: string,
  fileKey: string,
  tasks: Map<string, string>,
  version: RenderedVersion,
): Promise<Notified[]> {
  if (tasks.size === 0) return [];
  const detail = {
    file_key: fileKey,
    version_id: version.id,
    version_label: version.label,
    author: version.author,
  };
  const { rows } = await sql<{ user_id: string; task_id: string; project_id: string }>`
    INSERT INTO notification (user_id, organization_id, project_id, task_id, actor_id, kind, detail)
    SELECT DISTINCT person.user_id, ${organizationId}::uuid, task.project_id, task.task_id, NULL::uuid,
      'design_changed', ${JSON.stringify(detail)}::jsonb
    FROM task
    CROSS JOIN LATERAL (
      SELECT task.assignee_id AS user_id WHERE task.assignee_id IS NOT NULL
      UNION
      SELECT task_watcher.user_id FROM task_watcher
      WHERE task_watcher.task_id = task.task_id AND task_watcher.watching
    ) AS person
    LEFT JOIN notification_preference AS preference ON preference.user_id = person.user_id
    WHERE task.task_id = ANY (${[...tasks.keys()]}::uuid[]) AND task.deleted_at IS NULL
      AND coalesce(preference.design_changes, true)
      AND EXISTS (
        SELECT 1 FROM rule WHERE rule.organization_id = ${organizationId}::uuid AND rule.user_id = person.user_id
      )
    RETURNING user_id, task_id, project_id
  `.execute(trx);
  const byTask = new Map<string, Notified>();
  for (const row of rows) {
    const entry = byTask.get(row.task_id) ?? {
      taskId: row.task_id,
      projectId: row.project_id,
      organizationId,
      actorId: null,
      userIds: [],
    };
    entry.userIds.push(row.user_id);
    byTask.set(row.task_id, entry);
  }
  return [...byTask.values()];
}
