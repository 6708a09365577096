import {
  type ImportAnalysis,
  importAnalysisSchema,
  type startImportInput,
} from '@figgle/shared/import-schemas';
import { TASK_STATUSES } from '@figgle/shared/status';
import { trigramFromName } from '@figgle/shared/trigram';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { badRequest, conflict, HttpError, notFound } from '../../../http/errors.ts';
import { IMPORT_JOB } from '../../../jobs/job-kinds.ts';
import { enqueueJob } from '../../../jobs/job-queue.ts';
import { wakeWorkers } from '../../../jobs/wake.ts';
import { authorize } from '../../../policies/authorize.ts';
import { organizationOfImport } from '../../../policies/imports.ts';
import { fieldsOfProject } from '../../custom-fields/queries.ts';
import { earlierImportOfSameFile, importRunOf } from '../queries.ts';
import type { ImportMapping } from '../read-import-file.ts';

type StartInput = z.output<typeof startImportInput>;

/** The confirmed mapping, checked against what the file holds: every list, every column. */
function checkedMapping(analysis: ImportAnalysis, input: StartInput): ImportMapping {
  if (analysis.format === 'trello') {
    const lists = input.trello_lists ?? {};
    const missing = analysis.lists.find((list) => !Object.hasOwn(lists, list.list_id));
    if (missing)
      throw badRequest(`Choose a status for the list “${missing.name}”.`, [
        { path: 'trello_lists', message: 'misses a list' },
      ]);
    const known = new Set(analysis.lists.map((list) => list.list_id));
    if (Object.keys(lists).some((id) => !known.has(id)))
      throw badRequest('The mapping names a list that is not in the file.', [
        { path: 'trello_lists', message: 'names an unknown list' },
      ]);
    return input.trello_checklists_as_subtasks
      ? { trelloLists: lists, trelloChecklistsAsSubtasks: true }
      : { trelloLists: lists };
  }
  if (analysis.format === 'csv') {
    const columns = input.csv_columns;
    if (!columns || columns.length !== analysis.columns.length)
      throw badRequest(`Map each of the ${analysis.columns.length} columns (or leave it out).`, [
        { path: 'csv_columns', message: 'must have one entry per column' },
      ]);
    return { csvColumns: columns };
  }
  return {};
}

/** Columns mapped to custom fields name fields on in the project the tasks go to; else a 400. */
async function checkCustomFieldColumns(
  db: AppDeps['db'],
  projectId: string | null,
  columns: ImportMapping['csvColumns'],
): Promise<void> {
  const wanted = (columns ?? []).flatMap((column) =>
    column?.startsWith('field:') ? [column.slice('field:'.length)] : [],
  );
  if (wanted.length === 0) return;
  const on = new Set(projectId ? (await fieldsOfProject(db, projectId)).map((field) => field.field_id) : []);
  if (wanted.some((fieldId) => !on.has(fieldId)))
    throw badRequest('A column is mapped to a custom field that is not on in the project.', [
      { path: 'csv_columns', message: 'names a custom field not on in the project' },
    ]);
}

/**
 * The statuses the Trello lists go to are statuses of the project the tasks go to: its own
 * (docs/product.md#statuses), or the four every new project starts with. Else a 400 that names the
 * list, before anything is written.
 */
async function checkListStatuses(
  db: AppDeps['db'],
  projectId: string | null,
  analysis: ImportAnalysis,
  lists: ImportMapping['trelloLists'],
): Promise<void> {
  if (analysis.format !== 'trello' || !lists) return;
  const keys = new Set<string>(
    projectId
      ? (
          await db.selectFrom('project_status').select('key').where('project_id', '=', projectId).execute()
        ).map((status) => status.key)
      : TASK_STATUSES,
  );
  const wrong = analysis.lists.find((list) => !keys.has(lists[list.list_id]!));
  if (wrong)
    throw new HttpError(
      400,
      'unknown_status',
      `The list “${wrong.name}” goes to a status the project does not have. Choose one of its statuses.`,
      [{ path: `trello_lists.${wrong.list_id}`, message: 'is not a status of the project' }],
    );
}

function trigramOf(name: string): string {
  return trigramFromName(name).padEnd(3, 'X');
}

/**
 * Starts an analysed run with the mapping the person confirmed: in one transaction the new project
 * (when importing from "Add a project"), the run 'queued' and its durable job; the worker then writes
 * the tasks (import-job.ts). The same file imported before in the organization is a 409
 * unless allow_duplicate says to go on.
 */
export async function startImport(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  actor: CurrentUser,
  { importId, input }: { importId: string; input: StartInput },
): Promise<{ importId: string; projectId: string }> {
  const organizationId = await organizationOfImport(db, importId);
  await authorize(db, actor, 'import.create', organizationId, 'Import');
  const run = await importRunOf(db, importId);
  if (!run) throw notFound('Import');
  if (run.state !== 'analysed') throw conflict('This import has already started.');
  const analysis = importAnalysisSchema.parse(run.analysis);
  const mapping = checkedMapping(analysis, input);
  await checkCustomFieldColumns(db, run.project_id, mapping.csvColumns);
  await checkListStatuses(db, run.project_id, analysis, mapping.trelloLists);
  if (!run.project_id) {
    await authorize(db, actor, 'project.create', organizationId);
    if (!input.project_name)
      throw badRequest('Name the project the import creates.', [
        { path: 'project_name', message: 'is required' },
      ]);
  }
  const earlier = await earlierImportOfSameFile(db, run);
  if (earlier && !input.allow_duplicate) {
    throw new HttpError(
      409,
      'duplicate_import',
      `This file was imported before${earlier.project_name ? ` into “${earlier.project_name}”` : ''}. Import it again only to create its tasks a second time.`,
    );
  }

  const write = () =>
    db.transaction().execute(async (trx) => {
      let projectId = run.project_id;
      let created = false;
      if (!projectId) {
        const name = input.project_name!;
        const project = await trx
          .insertInto('project')
          .values({ organization_id: organizationId, name, trigram: trigramOf(name), default_view: 'KANBAN' })
          .returning('project_id')
          .executeTakeFirstOrThrow();
        projectId = project.project_id;
        created = true;
      }
      const queued = await trx
        .updateTable('import_run')
        .set({
          state: 'queued',
          project_id: projectId,
          mapping: JSON.stringify(mapping),
          started_at: new Date(),
        })
        .where('import_id', '=', importId)
        .where('state', '=', 'analysed')
        .executeTakeFirst();
      if (Number(queued.numUpdatedRows) !== 1) throw conflict('This import has already started.');
      await enqueueJob(trx, {
        kind: IMPORT_JOB,
        organizationId,
        dedupeKey: importId,
        payload: { import_id: importId },
      });
      return { importId, projectId, created };
    });
  const started = await publishAfterCommit(bus, write, (result) =>
    result.created ? projectChanged('created', organizationId, result.projectId, actor.user_id) : null,
  );
  wakeWorkers(db);
  return { importId: started.importId, projectId: started.projectId };
}
