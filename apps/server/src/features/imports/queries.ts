import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type ImportRunRow = Selectable<Database['import_run']>;

export interface DuplicateImport {
  import_id: string;
  project_id: string | null;
  project_name: string | null;
  created_at: Date;
}

export async function importRunOf(db: Kysely<Database>, importId: string): Promise<ImportRunRow | undefined> {
  return db.selectFrom('import_run').selectAll().where('import_id', '=', importId).executeTakeFirst();
}

/** The latest run in the organization that imported (or is importing) the same bytes, other than this one. */
export async function earlierImportOfSameFile(
  db: Kysely<Database>,
  run: Pick<ImportRunRow, 'import_id' | 'organization_id' | 'file_digest'>,
): Promise<DuplicateImport | null> {
  const found = await db
    .selectFrom('import_run')
    .leftJoin('project', 'project.project_id', 'import_run.project_id')
    .select([
      'import_run.import_id',
      'import_run.project_id',
      'project.name as project_name',
      'import_run.created_at',
    ])
    .where('import_run.organization_id', '=', run.organization_id)
    .where('import_run.file_digest', '=', run.file_digest)
    .where('import_run.state', 'in', ['queued', 'running', 'done'])
    .where('import_run.import_id', '<>', run.import_id)
    .orderBy('import_run.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return found ?? null;
}

/** A project's latest runs, newest first (the Import screen shows the one still running). */
export async function importRunsOfProject(db: Kysely<Database>, projectId: string): Promise<ImportRunRow[]> {
  return db
    .selectFrom('import_run')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();
}
