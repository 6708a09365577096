import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { presentTask, type TaskParts } from './presenter.ts';
import {
  type ExportTaskRow,
  exportedChecklists,
  exportedComments,
  exportedLogs,
  exportedRelations,
  exportedTaskPage,
  exportedUploads,
} from './queries.ts';

/**
 * Tasks per statement: each page of a 5,000-task project is read, turned to text and sent before the
 * next is read, so memory holds one page and other requests run between pages.
 */
const PAGE_SIZE = 250;

/** Lets the requests waiting behind this export run before its next page is read. */
const otherRequestsFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

type ProjectKey = { project_id: string; organization_id: string };

/** A project's live tasks, one page of rows at a time, by reference. */
export async function* taskRowPages(
  db: Kysely<Database>,
  project: ProjectKey,
): AsyncGenerator<ExportTaskRow[]> {
  let after = 0;
  for (;;) {
    const rows = await exportedTaskPage(db, project, after, PAGE_SIZE);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_SIZE) return;
    after = rows[rows.length - 1]!.reference;
    await otherRequestsFirst();
  }
}

function byTask<T extends { task_id: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.task_id);
    if (group) group.push(row);
    else groups.set(row.task_id, [row]);
  }
  return groups;
}

/** A project's live tasks with everything they hold, one page at a time. */
export async function* exportedTaskPages(db: Kysely<Database>, project: ProjectKey) {
  for await (const rows of taskRowPages(db, project)) {
    const ids = rows.map((row) => row.task_id);
    const checklist = byTask(await exportedChecklists(db, ids));
    const comments = byTask(await exportedComments(db, ids));
    const log = byTask(await exportedLogs(db, ids));
    const relations = byTask(await exportedRelations(db, ids));
    const uploads = byTask(
      (await exportedUploads(db, ids)).map((upload) => ({
        ...upload,
        task_id: upload.folder.slice('tasks/'.length),
      })),
    );
    yield rows.map((row) => {
      const parts: TaskParts = {
        checklist: checklist.get(row.task_id) ?? [],
        comments: comments.get(row.task_id) ?? [],
        log: log.get(row.task_id) ?? [],
        relations: relations.get(row.task_id) ?? [],
        uploads: uploads.get(row.task_id) ?? [],
      };
      return presentTask(row, parts);
    });
  }
}
