import type { StatusCategory } from '@figgle/shared/status-categories';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import type { DevStatus, TaskStatus } from '../../../db/schema.ts';
import { HttpError } from '../../../http/errors.ts';
import { PolicyError } from '../../../policies/policy-errors.ts';
import { announceChange, changeTask } from '../../tasks/commands/change-task.ts';

type Deps = Pick<AppDeps, 'db' | 'bus'> & { log: { warn(object: object, message: string): void } };

export interface DevStatusChange {
  fileKey: string;
  nodeId: string;
  status: DevStatus;
  /** When Figma set it: a change older than the one stored changes nothing. */
  at: Date;
  /** False when reading a new link's status: a design already Ready for dev did not just become so. */
  applyRule: boolean;
}

interface ChangedLink {
  task_id: string;
  project_id: string;
  before: DevStatus;
  task_status: TaskStatus;
  task_category: StatusCategory;
  ready_status: TaskStatus | null;
  rule_by: string | null;
}

/**
 * Stores a node's Dev Mode status on every link of the organization to that node, and, where it
 * became Ready for dev and the task's project has the rule, moves the task to the rule's status in
 * the name of the person who set the rule (figgle_change_task checks they still may). One
 * transaction; then each changed task is announced on the bus, so cards update live.
 */
export async function applyDevStatus(
  deps: Deps,
  organizationId: string,
  change: DevStatusChange,
): Promise<{ changedTasks: string[]; movedTasks: string[] }> {
  const announced: Announcement[] = [];
  return publishAfterTransaction(
    deps,
    async (trx) => {
      const { rows } = await sql<ChangedLink>`
          WITH old AS (
            SELECT task_figma_node_id, dev_status FROM task_figma_node
             WHERE organization_id = ${organizationId} AND file_key = ${change.fileKey}
               AND node_id = ${change.nodeId}
               AND (dev_status_at IS NULL OR dev_status_at < ${change.at})
             FOR UPDATE
          ), changed AS (
            UPDATE task_figma_node AS link SET dev_status = ${change.status}, dev_status_at = ${change.at}
              FROM old WHERE link.task_figma_node_id = old.task_figma_node_id
            RETURNING link.task_id, old.dev_status AS before
          )
          SELECT changed.task_id, task.project_id, changed.before, task.status AS task_status, task.status_category AS task_category,
                 project.figma_ready_status AS ready_status, project.figma_ready_rule_by AS rule_by
            FROM changed JOIN task ON task.task_id = changed.task_id
            JOIN project ON project.project_id = task.project_id
           WHERE changed.before <> ${change.status}
             AND task.deleted_at IS NULL AND project.deleted_at IS NULL
        `.execute(trx);
      const moved: string[] = [];
      for (const link of rows) {
        const becameReady =
          change.applyRule && change.status === 'READY_FOR_DEV' && link.before !== 'READY_FOR_DEV';
        const rule = link.ready_status;
        if (
          becameReady &&
          rule &&
          link.rule_by &&
          link.task_status !== rule &&
          // A task of a Canceled status (Archive) stays out of the plan (migration 0037).
          link.task_category !== 'canceled'
        ) {
          const author = await trx
            .selectFrom('app_user')
            .selectAll()
            .where('user_id', '=', link.rule_by)
            .executeTakeFirst();
          try {
            if (!author) throw new HttpError(404, 'not_found', 'The rule’s author is gone.');
            const task = await changeTask(trx, author, link.task_id, { status: rule }, 'task.update');
            announced.push(...announceChange(task, author.user_id));
            moved.push(link.task_id);
            continue;
          } catch (error) {
            if (!(error instanceof HttpError) && !(error instanceof PolicyError)) throw error;
            deps.log.warn({ taskId: link.task_id, reason: error.message }, 'Ready for dev rule not applied');
          }
        }
        announced.push({
          event: {
            kind: 'task',
            action: 'updated',
            id: link.task_id,
            organizationId,
            projectId: link.project_id,
            taskId: link.task_id,
            actorId: null,
          },
        });
      }
      return { changedTasks: [...new Set(rows.map((row) => row.task_id))], movedTasks: moved };
    },
    () => announced,
  );
}
