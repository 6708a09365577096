import { STATUS_UNMATCHED } from '@figgle/shared/bulk-task-schemas';
import { sql, type Transaction } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { lockLiveTask } from '../../../commands/task-field-writes.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../../http/errors.ts';
import { roleIn } from '../../../policies/authorize.ts';
import { type MovedTask, OTHER_ORGANIZATION_MESSAGE, writeMove } from './move-task-to-project.ts';

/** A bulk change's move to another project: the project, and the status chosen for unmatched names. */
export interface BulkMove {
  projectId: string;
  /** Lower-cased status name → a status key of the project. */
  statusMap: ReadonlyMap<string, string>;
  /** The status every task takes there (an undo puts each back in its own), instead of a mapped one. */
  status?: string;
}

/**
 * The moves of one bulk change, inside its transaction. Statuses with no match in a project are
 * gathered over every task, so one refusal (`refuseUnmatched`) names them all.
 */
export class BulkMoves {
  private readonly unmatched = new Map<string, Set<string>>();
  private readonly projectNames = new Map<string, string>();

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly user: CurrentUser,
  ) {}

  /**
   * Locks the live task, checks that the person may move it (404 outside its organization, 403 for
   * a role without it) and that the project is of its organization (another one the person is in:
   * 400; any other: 404), then moves it with its status mapped. null when it is there already, or
   * when its status has no match (noted for refuseUnmatched).
   */
  async move(taskId: string, { projectId, statusMap, status: asked }: BulkMove): Promise<MovedTask | null> {
    const { trx, user } = this;
    const task = await lockLiveTask(trx, user, taskId, 'task.move');
    const target = await trx
      .selectFrom('project')
      .select(['organization_id', 'name'])
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!target) throw notFound('Project');
    if (target.organization_id !== task.organizationId) {
      if (!(await roleIn(trx, user.user_id, target.organization_id))) throw notFound('Project');
      throw badRequest(OTHER_ORGANIZATION_MESSAGE, [
        { path: 'body.groups.changes.project_id', message: OTHER_ORGANIZATION_MESSAGE },
      ]);
    }
    if (task.projectId === projectId.toLowerCase()) return null;

    const status =
      asked === undefined
        ? await this.mappedStatus(task, projectId, statusMap, target.name)
        : await this.statusOf(projectId, asked);
    if (status === null) return null;
    const reference = await writeMove(trx, user, {
      taskId,
      organizationId: task.organizationId,
      fromProjectId: task.projectId,
      projectId,
      status,
    });
    return {
      taskId,
      organizationId: task.organizationId,
      fromProjectId: task.projectId,
      projectId,
      status,
      reference,
    };
  }

  /**
   * The task's status in the project it moves to: the one of the same name, else the first of the
   * same category, else the one the status map names for its status; null (noted) when none.
   */
  private async mappedStatus(
    task: { projectId: string; status: TaskStatus },
    projectId: string,
    statusMap: ReadonlyMap<string, string>,
    projectName: string,
  ): Promise<TaskStatus | null> {
    const { rows } = await sql<{ name: string; key: string | null }>`
      SELECT source.name, (
        SELECT target.key FROM project_status AS target
        WHERE target.project_id = ${projectId}
          AND (lower(target.name) = lower(source.name) OR target.category = source.category)
        ORDER BY lower(target.name) = lower(source.name) DESC, target.position, target.key
        LIMIT 1
      ) AS key
      FROM project_status AS source
      WHERE source.project_id = ${task.projectId} AND source.key = ${task.status}
    `.execute(this.trx);
    const name = rows[0]?.name ?? task.status;
    const matched = rows[0]?.key ?? null;
    if (matched !== null) return matched;
    const chosen = statusMap.get(name.toLowerCase());
    if (chosen !== undefined) return this.statusOf(projectId, chosen);
    this.noteUnmatched(projectId, projectName, name);
    return null;
  }

  /**
   * After every task: a 409 naming each status with no match in its project (the transaction rolls
   * back, nothing moved), with one issue per status, `status_map.<name>`, for the client to ask.
   */
  refuseUnmatched(): void {
    if (this.unmatched.size === 0) return;
    const issues = [...this.unmatched].flatMap(([projectId, names]) =>
      [...names].map((name) => ({
        path: `status_map.${name}`,
        message: `has no status of the same name or category in ${this.projectNames.get(projectId)}`,
      })),
    );
    const names = issues.map((issue) => issue.path.slice('status_map.'.length));
    throw new HttpError(
      409,
      STATUS_UNMATCHED,
      `No status of the project matches ${names.join(', ')}: choose one for ${names.length === 1 ? 'it' : 'each'} (status_map).`,
      issues,
    );
  }

  private noteUnmatched(projectId: string, projectName: string, name: string): void {
    this.projectNames.set(projectId, projectName);
    const names = this.unmatched.get(projectId) ?? new Set<string>();
    names.add(name);
    this.unmatched.set(projectId, names);
  }

  /** The status a status_map names, which must be one of the project's (else a 400). */
  private async statusOf(projectId: string, key: string): Promise<TaskStatus> {
    const found = await this.trx
      .selectFrom('project_status')
      .select('key')
      .where('project_id', '=', projectId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!found) {
      throw badRequest('The status map names a status that is not one of the project it moves to.', [
        { path: 'body.groups.changes.status_map', message: `${key} is not a status of the project` },
      ]);
    }
    return found.key;
  }
}
