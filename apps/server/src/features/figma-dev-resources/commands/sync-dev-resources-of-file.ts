import type { AppDeps } from '../../../app-types.ts';
import type { FigmaDevResource } from '../../../figma/dev-resources.ts';
import { FigmaError } from '../../../figma/errors.ts';
import { figmaClient, tokenOfOrganization } from '../../../figma/tokens.ts';
import type { JobDeps } from '../../../jobs/job-handler.ts';
import { taskIdOfUrl, urlForLog } from '../dev-resource-target.ts';

type Deps = Pick<AppDeps, 'db' | 'env' | 'bus'> & Pick<JobDeps, 'log'>;

const NODE_ID = /^[A-Za-z0-9_:;-]{1,200}$/;
const FILE_KEY = /^[A-Za-z0-9]{10,128}$/;

/**
 * Reads the dev resources of one Figma file and links each that points at a task of this
 * organization to that task (source 'figma'), so a link a person added in Dev Mode shows on the task.
 * Called by the periodic scan (dev-resource-scan-job.ts) and meant for the handler of a file event
 * (FILE_UPDATE, FILE_VERSION_UPDATE) for that file. An address of this Figgle that is not a task of
 * this organization (another organization's task, another page) is left alone and logged without
 * its query or fragment. A file Figma refuses to show is logged and skipped. Returns how many links
 * it added.
 */
export async function syncDevResourcesOfFile(
  deps: Deps,
  organizationId: string,
  fileKey: string,
): Promise<number> {
  if (!FILE_KEY.test(fileKey)) return 0;
  const token = await tokenOfOrganization(deps.db, deps.env, organizationId);
  if (!token) return 0;
  let resources: FigmaDevResource[];
  try {
    resources = await figmaClient(deps.env, token).getDevResources(fileKey, []);
  } catch (error) {
    // A refusal (a token without the file_dev_resources:read scope, a file gone) must not fail the
    // file event's other work; a passing failure (429, 5xx) is thrown so the caller tries again.
    if (!(error instanceof FigmaError) || error.kind === 'rate_limited' || error.kind === 'unavailable') {
      throw error;
    }
    deps.log.warn({ organizationId, fileKey, reason: error.message }, 'dev resources of a file not read');
    return 0;
  }
  let added = 0;
  for (const resource of resources) {
    const taskId = taskIdOfUrl(deps.env.PUBLIC_URL, resource.url);
    if (!taskId) continue; // Jira, Storybook, a repository: not Figgle's
    const task = await deps.db
      .selectFrom('task')
      .innerJoin('project', 'project.project_id', 'task.project_id')
      .select(['task.task_id', 'task.project_id'])
      .where('task.task_id', '=', taskId)
      .where('project.organization_id', '=', organizationId)
      .where('task.deleted_at', 'is', null)
      .where('project.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!task || !NODE_ID.test(resource.node_id)) {
      deps.log.warn(
        { organizationId, fileKey, url: urlForLog(resource.url) },
        'a dev resource in Figma points at no task of this organization: ignored',
      );
      continue;
    }
    const inserted = await deps.db
      .insertInto('task_figma_node')
      .values({
        task_id: task.task_id,
        organization_id: organizationId,
        file_key: fileKey,
        node_id: resource.node_id,
        source: 'figma',
        dev_resource_id: resource.id,
        dev_resource_name: resource.name.slice(0, 500),
        dev_resource_state: 'linked',
        dev_resource_synced_at: new Date(),
      })
      .onConflict((oc) => oc.columns(['task_id', 'file_key', 'node_id']).doNothing())
      .returning('task_figma_node_id')
      .executeTakeFirst();
    if (!inserted) continue;
    added += 1;
    await deps.bus.publish({
      kind: 'task',
      action: 'updated',
      id: task.task_id,
      taskId: task.task_id,
      projectId: task.project_id,
      organizationId,
      actorId: null,
    });
  }
  return added;
}
