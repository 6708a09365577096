import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, DevResourceState } from '../../../db/schema.ts';
import type { FigmaClient } from '../../../figma/client.ts';
import { FigmaError } from '../../../figma/errors.ts';
import { figmaClient, tokenOfOrganization } from '../../../figma/tokens.ts';
import { DeferJob } from '../../../jobs/job-errors.ts';
import type { JobDeps } from '../../../jobs/job-handler.ts';
import { devResourceName, taskUrl } from '../dev-resource-target.ts';
import { CANNOT_EDIT, FILE_GONE, NO_TOKEN } from '../refusal-words.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DevResourceJob {
  jobId: string;
  organizationId: string;
  taskId: string;
  fileKey: string;
  nodeId: string;
  completeIn(trx: Transaction<Database>): Promise<void>;
}

/** What Figma should hold for one (task, file, node): one dev resource with this name, or none. */
interface Wanted {
  linkId: string | null;
  projectId: string | null;
  source: string | null;
  storedId: string | null;
  storedName: string | null;
  /** null: no dev resource should point at the task from this node. */
  name: string | null;
}

export type DevResourceOutcome = 'created' | 'found' | 'renamed' | 'unchanged' | 'removed' | 'refused';

/**
 * Brings Figma in line with the table for one linked node (the job of migration 0029's triggers).
 * Never twice for the same link: the dev resource's id is stored on the link, and without one the
 * node's dev resources are read first, so a try cut short after Figma created it (a crash, a lost
 * answer) finds it by its address instead of creating a second. A change made while Figma was
 * being asked (a rename, an unlink) finds this job running, so the job checks at its end, with its
 * own row locked, whether what it wrote is still what is wanted, and runs again when it is not.
 */
export async function syncDevResource(deps: JobDeps, job: DevResourceJob): Promise<DevResourceOutcome> {
  const url = taskUrl(deps.env.PUBLIC_URL, job.taskId);
  const wanted = await readWanted(deps.db, job);
  const token = await tokenOfOrganization(deps.db, deps.env, job.organizationId);
  let outcome: DevResourceOutcome;
  let written: { id: string | null; name: string | null; state: DevResourceState; error: string | null };
  try {
    if (!token) throw new FigmaError('bad_token', NO_TOKEN, null);
    const figma = figmaClient(deps.env, token);
    if (wanted.name === null) {
      await removeAll(figma, job, url, wanted.storedId);
      outcome = 'removed';
      written = { id: null, name: null, state: 'pending', error: null };
    } else {
      const result = await ensureOne(figma, job, url, wanted);
      outcome = result.outcome;
      written = { id: result.id, name: result.name, state: 'linked', error: null };
    }
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error; // Figma unavailable or limiting: the worker tries again after its backoff
    if (wanted.name === null) {
      deps.log.warn({ taskId: job.taskId, reason: refusal.error }, 'dev resource not removed from Figma');
    }
    outcome = 'refused';
    written = { id: wanted.storedId, name: wanted.storedName, ...refusal };
  }

  const settled = await deps.db.transaction().execute(async (trx) => {
    // Locking the job first: a trigger that finds it running waits for this commit and stores it
    // again, or has committed its change already and it is read below.
    await sql`SELECT 1 FROM job WHERE job_id = ${job.jobId} FOR UPDATE`.execute(trx);
    await trx
      .updateTable('task_figma_node')
      .set({
        dev_resource_id: written.id,
        dev_resource_name: written.name,
        dev_resource_state: written.state,
        dev_resource_error: written.error,
        dev_resource_synced_at: new Date(),
      })
      .where('task_id', '=', job.taskId)
      .where('file_key', '=', job.fileKey)
      .where('node_id', '=', job.nodeId)
      .execute();
    const now = await readWanted(trx, job);
    const changed = now.name !== wanted.name || (now.linkId !== null && now.linkId !== wanted.linkId);
    if (!changed) await job.completeIn(trx);
    return !changed;
  });
  if (!settled) throw new DeferJob(0, 'The link changed while Figma was being asked: again.');
  if (wanted.linkId && wanted.projectId && (outcome === 'refused' || wanted.storedId !== written.id)) {
    await deps.bus.publish({
      kind: 'task',
      action: 'updated',
      id: job.taskId,
      taskId: job.taskId,
      projectId: wanted.projectId,
      organizationId: job.organizationId,
      actorId: null,
    });
  }
  return outcome;
}

async function readWanted(db: Db, job: DevResourceJob): Promise<Wanted> {
  const row = await db
    .selectFrom('task_figma_node')
    .innerJoin('task', 'task.task_id', 'task_figma_node.task_id')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select([
      'task_figma_node.task_figma_node_id',
      'task_figma_node.source',
      'task_figma_node.dev_resource_id',
      'task_figma_node.dev_resource_name',
      'task.title',
      'task.reference',
      'task.deleted_at',
      'project.project_id',
      'project.trigram',
    ])
    .where('task_figma_node.task_id', '=', job.taskId)
    .where('task_figma_node.file_key', '=', job.fileKey)
    .where('task_figma_node.node_id', '=', job.nodeId)
    .where('task_figma_node.organization_id', '=', job.organizationId)
    .executeTakeFirst();
  if (!row) {
    return { linkId: null, projectId: null, source: null, storedId: null, storedName: null, name: null };
  }
  const live = row.deleted_at === null;
  // A dev resource a person added in Figma keeps the name they gave it.
  const name =
    row.source === 'figma'
      ? (row.dev_resource_name ?? devResourceName(row.trigram, row.reference, row.title))
      : devResourceName(row.trigram, row.reference, row.title);
  return {
    linkId: row.task_figma_node_id,
    projectId: row.project_id,
    source: row.source,
    storedId: row.dev_resource_id,
    storedName: row.dev_resource_name,
    name: live ? name : null,
  };
}

async function ensureOne(
  figma: FigmaClient,
  job: DevResourceJob,
  url: string,
  wanted: Wanted,
): Promise<{ id: string; name: string; outcome: DevResourceOutcome }> {
  const name = wanted.name!;
  if (wanted.storedId) {
    if (wanted.storedName === name) return { id: wanted.storedId, name, outcome: 'unchanged' };
    if (await figma.renameDevResource(wanted.storedId, name)) {
      return { id: wanted.storedId, name, outcome: 'renamed' };
    }
    // Figma no longer knows the id (someone deleted it in Dev Mode): found or made again below.
  }
  const existing = (await figma.getDevResources(job.fileKey, [job.nodeId])).find(
    (resource) => resource.node_id === job.nodeId && resource.url === url,
  );
  if (existing) {
    if (existing.name !== name && wanted.source !== 'figma') {
      await figma.renameDevResource(existing.id, name);
      return { id: existing.id, name, outcome: 'renamed' };
    }
    return { id: existing.id, name: existing.name, outcome: 'found' };
  }
  const created = await figma.createDevResource({ name, url, fileKey: job.fileKey, nodeId: job.nodeId });
  return { id: created.id, name, outcome: 'created' };
}

/** Deletes every dev resource of the node that points at the task (the stored one and any found). */
async function removeAll(figma: FigmaClient, job: DevResourceJob, url: string, storedId: string | null) {
  let found: string[] = [];
  try {
    found = (await figma.getDevResources(job.fileKey, [job.nodeId]))
      .filter((resource) => resource.node_id === job.nodeId && resource.url === url)
      .map((resource) => resource.id);
  } catch (error) {
    // The file is gone: so are its dev resources.
    if (error instanceof FigmaError && error.kind === 'not_found') return;
    throw error;
  }
  for (const id of new Set([...(storedId ? [storedId] : []), ...found])) {
    await figma.deleteDevResource(job.fileKey, id);
  }
}

/** Figma's refusals that trying again cannot mend, as the link's state; null for passing failures. */
function refusalOf(error: unknown): { state: DevResourceState; error: string } | null {
  if (!(error instanceof FigmaError)) return null;
  if (error.kind === 'bad_token' && error.message === NO_TOKEN) return { state: 'refused', error: NO_TOKEN };
  if (error.kind === 'bad_token') {
    return { state: 'refused', error: CANNOT_EDIT };
  }
  if (error.kind === 'not_found') {
    return { state: 'file_gone', error: FILE_GONE };
  }
  if (error.kind === 'bad_request' || error.kind === 'no_webhooks') {
    return { state: 'failed', error: error.message.slice(0, 500) };
  }
  return null;
}
