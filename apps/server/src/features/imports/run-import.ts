import { performance } from 'node:perf_hooks';
import type { EstimateScale } from '@figgle/shared/estimate';
import type { ImportProblem } from '@figgle/shared/import-schemas';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobDeps } from '../../jobs/job-handler.ts';
import { createStorage } from '../../storage/create-storage.ts';
import { fieldsOfProject } from '../custom-fields/queries.ts';
import { BatchSize } from './batch-size.ts';
import { garbageCollectorForImports } from './collect-import-garbage.ts';
import type { ImportTask } from './import-item.ts';
import { preparePlanning } from './import-planning.ts';
import { importWritesOn } from './one-import-write-at-a-time.ts';
import { placeStructure, rememberKeys, type TouchedTask } from './place-structure.ts';
import { type ImportRunRow, importRunOf } from './queries.ts';
import type { ImportMapping } from './read-import-file.ts';
import { type PlanInThread, planInThread } from './read-in-thread.ts';
import { storedImportFile } from './receive-import-file.ts';
import {
  type BatchContext,
  ensureLabels,
  membersByEmail,
  ProjectGoneError,
  writeBatch,
} from './write-batch.ts';

/** The problems kept on the run (all are counted). */
const PROBLEMS_KEPT = 1_000;
/** Open boards hear of the new tasks at most this often while the import runs. */
const ANNOUNCE_EVERY_MS = 2_000;
async function recordProblems(
  trx: Kysely<Database>,
  importId: string,
  problems: ImportProblem[],
): Promise<void> {
  if (problems.length === 0) return;
  await sql`
    UPDATE import_run SET problems_total = problems_total + ${problems.length},
      problems = problems || coalesce((
        SELECT jsonb_agg(item.value ORDER BY item.position) FROM jsonb_array_elements(${JSON.stringify(problems)}::jsonb)
          WITH ORDINALITY AS item(value, position)
        WHERE item.position <= ${PROBLEMS_KEPT} - jsonb_array_length(problems)
      ), '[]'::jsonb)
    WHERE import_id = ${importId}
  `.execute(trx);
}

/**
 * Lets waiting requests in: resumes once the event loop has polled for I/O again. One setImmediate
 * is not enough where the caller resumed from I/O (a thread's message, a flush done): its callback
 * runs in the same turn of the loop, before the next poll, and the next batch began before any
 * request that came during the last one was read.
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** The rows a batch writes, as import-batches.ts counts them. */
const rowsOf = (tasks: ImportTask[]): number =>
  tasks.reduce((sum, task) => sum + 1 + task.comments.length + task.checklist.length + task.labels.length, 0);

/**
 * The import job's work: reads the stored file again with the confirmed mapping, creates the labels,
 * then writes the tasks in batches; each batch commits with the run's progress, so after a restart
 * the job goes on after the last batch that committed. Marks the run done with its last batch.
 */
export async function runImport(
  deps: JobDeps,
  importId: string,
  completeIn: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  // One import of a server at a time reads its plan and writes it (one-import-write-at-a-time.ts).
  await importWritesOn(deps.db).run(() => readAndWrite(deps, importId, completeIn));
}

async function readAndWrite(
  deps: JobDeps,
  importId: string,
  completeIn: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const { db } = deps;
  const run = await importRunOf(db, importId);
  if (!run || run.state === 'done' || run.state === 'failed') return;
  if (!run.project_id) throw new PermanentJobError('The import has no project.');
  const projectId = run.project_id;
  const file = storedImportFile(
    createStorage(deps.env),
    run.storage_path,
    () => new PermanentJobError('The imported file is no longer stored.'),
  );
  const current = await importRunOf(db, importId);
  // The file is parsed in a thread of its own, read from storage when its turn comes, which hands the
  // tasks over packed and ends: the parsed file never enters this heap, and the event loop answers
  // requests meanwhile.
  let plan: PlanInThread;
  try {
    plan = await planInThread(
      file,
      run.format,
      (run.mapping ?? {}) as ImportMapping,
      current?.progress_done ?? 0,
    );
  } catch (error) {
    if (error instanceof HttpError) throw new PermanentJobError(error.message);
    throw error;
  }
  await writePlan(deps, { importId, run, projectId }, plan, completeIn);
}

/**
 * The scale the imported estimates must be of: the project's own; a project without one (the one
 * the import created, or one that never used estimates) takes the file's.
 */
async function takeEstimateScale(
  db: Kysely<Database>,
  projectId: string,
  fromFile: EstimateScale | undefined,
): Promise<EstimateScale> {
  if (fromFile && fromFile !== 'none')
    await db
      .updateTable('project')
      .set({ estimate_scale: fromFile })
      .where('project_id', '=', projectId)
      .where('estimate_scale', '=', 'none')
      .execute();
  const project = await db
    .selectFrom('project')
    .select('estimate_scale')
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return project?.estimate_scale ?? 'none';
}

/**
 * Creates the labels (and a Figgle file's milestones and cycles), then writes the plan's batches,
 * each committed with the run's progress.
 */
async function writePlan(
  { db, bus, clock, durable }: JobDeps,
  { importId, run, projectId }: { importId: string; run: ImportRunRow; projectId: string },
  plan: PlanInThread,
  completeIn: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const collectGarbage = garbageCollectorForImports();
  const labels = await ensureLabels(db, run.organization_id, plan.labels);
  if (run.state === 'queued') {
    await db.transaction().execute(async (trx) => {
      const started = await trx
        .updateTable('import_run')
        .set({
          state: 'running',
          progress_total: plan.taskCount,
          imported: JSON.stringify({ tasks: 0, comments: 0, checklist_items: 0, labels: labels.created }),
        })
        .where('import_id', '=', importId)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(started.numUpdatedRows) === 1) await recordProblems(trx, importId, plan.skipped);
    });
  }
  const author = run.created_by
    ? await db
        .selectFrom('app_user')
        .select(['firstname', 'lastname', 'email'])
        .where('user_id', '=', run.created_by)
        .executeTakeFirst()
    : undefined;
  const context: BatchContext = {
    projectId,
    organizationId: run.organization_id,
    authorId: author ? run.created_by : null,
    authorName: author ? `${author.firstname} ${author.lastname}`.trim() || author.email : 'Import',
    labelIds: labels.ids,
    members: await membersByEmail(db, run.organization_id),
    estimateScale: await takeEstimateScale(db, projectId, plan.estimateScale),
  };
  context.planning = await preparePlanning(
    { db, clock },
    { projectId, organizationId: run.organization_id, authorId: context.authorId },
    plan.planning,
  );
  // After the planning, which turns a Figgle file's custom fields on in the project.
  context.customFields = new Map(
    (await fieldsOfProject(db, projectId)).map((field) => [field.field_id, field]),
  );

  let announcedAt = Date.now();
  // No actor: the importer's own screens read the new tasks too.
  const announce = () =>
    bus.publish({
      kind: 'project',
      action: 'updated',
      id: projectId,
      organizationId: run.organization_id,
      projectId,
      actorId: null,
    });
  let touched: TouchedTask[] = [];
  try {
    const size = new BatchSize();
    // One batch read ahead: the last one is known, and commits with the run marked done.
    let next = plan.nextBatch(size.rows());
    const nothingToWrite = next === null;
    // The statements above ran back to back, the loop held throughout (each answer of the embedded
    // database resumes its caller from a microtask): requests go first, then the first batch.
    await yieldToOthers();
    while (next !== null) {
      const batch = next;
      next = plan.nextBatch(size.rows());
      const last = next === null;
      if (last) await analyseFilledTables(db);
      const startedAt = performance.now();
      await db.transaction().execute(async (trx) => {
        await keepGinPendingListsShort(trx);
        const written = await writeBatch(trx, context, batch);
        await recordProblems(trx, importId, written.problems);
        await rememberKeys(trx, importId, written.keyed);
        if (last && plan.structure) {
          // Every task of the file exists now: the sub-tasks go under their parents, the relations in.
          const placed = await placeStructure(trx, context, importId, plan.structure);
          await recordProblems(trx, importId, placed.problems);
          touched = placed.touched;
        }
        await sql`
          UPDATE import_run SET progress_done = progress_done + ${written.tasks},
            imported = imported || jsonb_build_object(
              'tasks', coalesce((imported->>'tasks')::integer, 0) + ${written.tasks},
              'comments', coalesce((imported->>'comments')::integer, 0) + ${written.comments},
              'checklist_items', coalesce((imported->>'checklist_items')::integer, 0) + ${written.checklistItems})
          WHERE import_id = ${importId}
        `.execute(trx);
        if (last) await finish(trx, importId, completeIn);
      });
      size.took(rowsOf(batch), performance.now() - startedAt);
      // On the embedded database the commit's flush runs on Node's thread pool (group commit,
      // db/pglite-durable-fs.ts); a batch begun before it ends flushes the log in this thread before
      // its first data page is written: 3.5 ms a batch on average, up to 220 ms on a busy disk, added
      // to the batch's stall. Waited for here, with the event loop free meanwhile.
      await durable?.();
      if (!last && Date.now() - announcedAt > ANNOUNCE_EVERY_MS) {
        announcedAt = Date.now();
        await announce();
      }
      // One connection on the embedded database: let waiting requests in between batches, and again
      // between the batch and a collection of the heap's garbage, which stops this thread as well.
      await yieldToOthers();
      if (collectGarbage()) await yieldToOthers();
    }
    if (nothingToWrite) await db.transaction().execute((trx) => finish(trx, importId, completeIn));
  } catch (error) {
    if (error instanceof ProjectGoneError) throw new PermanentJobError(error.message);
    throw error;
  }
  await announce();
  // Tasks of other projects that gained a sub-task or a relation: their pages and lists read them again.
  for (const task of touched)
    await bus.publish({
      kind: 'task',
      action: 'updated',
      id: task.task_id,
      organizationId: run.organization_id,
      projectId: task.project_id,
      taskId: task.task_id,
      status: task.status,
      actorId: null,
    });
}

/**
 * The kB of new entries a GIN index (the comments' and tasks' search vectors, the search words) holds
 * in its pending list before the insert that passes it merges them all into the index, in the same
 * statement. PostgreSQL's default, 4 MB, is a few hundred batches of comments: every so often one
 * batch's insert merged them all and held the embedded database's one connection, and the event loop,
 * for 0.3-1.8 s where its neighbours took 40-70 ms (docs/machinery/import-healthz.md). At 64 kB (the
 * least PostgreSQL takes) each batch merges about its own entries. For this transaction only: a
 * person's comment or task is still one insert into the pending list.
 */
const GIN_PENDING_LIST_KB = 64;

async function keepGinPendingListsShort(trx: Transaction<Database>): Promise<void> {
  await sql`SET LOCAL gin_pending_list_limit = ${sql.lit(GIN_PENDING_LIST_KB)}`.execute(trx);
}

async function finish(
  trx: Transaction<Database>,
  importId: string,
  completeIn: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await trx
    .updateTable('import_run')
    .set({ state: 'done', finished_at: new Date() })
    .where('import_id', '=', importId)
    .execute();
  await completeIn(trx);
}

/**
 * The planner's statistics still describe the tables before the import: on the embedded database
 * (no autovacuum) until its next maintenance run, an hour away. Refreshed as the import ends, so that
 * the first board or export of thousands of new tasks is not planned for an empty table: before the
 * last batch (its few rows change nothing the planner needs), a table at a time, each a statement of
 * its own with requests let in between. One ANALYZE of all ten in the last batch's transaction held
 * the embedded database's one connection for as long as the ten took. Each reads a sample of 3,000
 * rows (a statistics target of 10), not PostgreSQL's 30,000: what the planner needs here is how large
 * the tables are now, and the hourly maintenance (db/pglite-maintenance.ts) or autovacuum takes the
 * full sample later. With the full one, after a 48 MB board, ANALYZE of the comments alone held the
 * event loop 1.7 s on a busy machine (docs/machinery/import-batches.md).
 */
async function analyseFilledTables(db: Kysely<Database>): Promise<void> {
  for (const table of TABLES_AN_IMPORT_FILLS) {
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL default_statistics_target = ${sql.lit(ANALYSE_STATISTICS_TARGET)}`.execute(trx);
      await sql`ANALYZE ${sql.id(table)}`.execute(trx);
    });
    await yieldToOthers();
  }
}

/** Rows sampled by analyseFilledTables: 300 times this. */
const ANALYSE_STATISTICS_TARGET = 10;

const TABLES_AN_IMPORT_FILLS = [
  'task',
  'task_label',
  'task_relation',
  'checklist_item',
  'comment',
  'log',
  'label',
  'task_search',
  'comment_search',
  'search_word',
];

/** After the job failed for good: the run says so, with the reason people can act on. */
export async function markImportFailed(
  db: Kysely<Database>,
  importId: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('import_run')
    .set({ state: 'failed', error: reason, finished_at: new Date() })
    .where('import_id', '=', importId)
    .where('state', 'in', ['queued', 'running'])
    .execute();
}
