import type { ImportProblem } from '@figgle/shared/import-schemas';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobDeps } from '../../jobs/job-handler.ts';
import { createStorage } from '../../storage/create-storage.ts';
import { garbageCollectorForImports } from './collect-import-garbage.ts';
import type { ImportTask } from './import-item.ts';
import { importRunOf } from './queries.ts';
import { type ImportMapping, planImportFile } from './read-import-file.ts';
import { readStoredImportFile } from './receive-import-file.ts';
import {
  type BatchContext,
  ensureLabels,
  membersByEmail,
  ProjectGoneError,
  writeBatch,
} from './write-batch.ts';

/**
 * A batch closes at this many tasks, or earlier when their comments and items add up. Each batch
 * costs a commit and a few fixed statements besides its rows. Measured with bench/import on the
 * embedded database at the same load, a 50,000-row CSV file took 25.7 s with 250-task batches,
 * 20.8 s with 500 and 20.2 s with 1,000: 500 keeps most of the gain with transactions half as long,
 * so requests wait little between them.
 */
const BATCH_TASKS = 500;
const BATCH_ROWS = 4_000;
/** The problems kept on the run (all are counted). */
const PROBLEMS_KEPT = 1_000;
/** Open boards hear of the new tasks at most this often while the import runs. */
const ANNOUNCE_EVERY_MS = 2_000;

/** The tasks after the first `from` (already written), a batch at a time, read as they are asked for. */
function* batchesOf(tasks: Iterable<ImportTask>, from: number): Generator<ImportTask[]> {
  let current: ImportTask[] = [];
  let rows = 0;
  let seen = 0;
  for (const task of tasks) {
    seen += 1;
    if (seen <= from) continue;
    current.push(task);
    rows += 1 + task.comments.length + task.checklist.length + task.labels.length;
    if (current.length >= BATCH_TASKS || rows >= BATCH_ROWS) {
      yield current;
      current = [];
      rows = 0;
    }
  }
  if (current.length > 0) yield current;
}

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

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  const { db, bus } = deps;
  const run = await importRunOf(db, importId);
  if (!run || run.state === 'done' || run.state === 'failed') return;
  if (!run.project_id) throw new PermanentJobError('The import has no project.');
  const projectId = run.project_id;
  const collectGarbage = garbageCollectorForImports();
  const text = await readStoredImportFile(createStorage(deps.env), run.storage_path);
  if (text === null) throw new PermanentJobError('The imported file is no longer stored.');
  let plan: ReturnType<typeof planImportFile>;
  try {
    plan = planImportFile(run.format, text, (run.mapping ?? {}) as ImportMapping);
  } catch (error) {
    throw new PermanentJobError(error instanceof Error ? error.message : 'The file cannot be read.');
  }
  // Reading the file whole (a CSV file's first pass, a Trello board's JSON) leaves most of what it made.
  collectGarbage();

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
  };

  const current = await importRunOf(db, importId);
  const batches = batchesOf(plan.tasks, current?.progress_done ?? 0);
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
  try {
    // One batch read ahead: the last one is known, and commits with the run marked done.
    let next = batches.next();
    const nothingToWrite = next.done === true;
    while (!next.done) {
      const batch = next.value;
      next = batches.next();
      const last = next.done === true;
      await db.transaction().execute(async (trx) => {
        const written = await writeBatch(trx, context, batch);
        await recordProblems(trx, importId, written.problems);
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
      if (!last && Date.now() - announcedAt > ANNOUNCE_EVERY_MS) {
        announcedAt = Date.now();
        await announce();
      }
      collectGarbage();
      // One connection on the embedded database: let waiting requests in between batches.
      await yieldToOthers();
    }
    if (nothingToWrite) await db.transaction().execute((trx) => finish(trx, importId, completeIn));
  } catch (error) {
    if (error instanceof ProjectGoneError) throw new PermanentJobError(error.message);
    throw error;
  }
  await announce();
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
