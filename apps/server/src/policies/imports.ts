import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from './policy-errors.ts';

/** The organization an import run belongs to; 404 when there is none (or its project was deleted). */
export async function organizationOfImport(db: Kysely<Database>, importId: string): Promise<string> {
  const run = await db
    .selectFrom('import_run')
    .leftJoin('project', 'project.project_id', 'import_run.project_id')
    .select(['import_run.organization_id', 'import_run.project_id', 'project.deleted_at'])
    .where('import_run.import_id', '=', importId)
    .executeTakeFirst();
  if (!run || (run.project_id !== null && run.deleted_at !== null)) throw notFound('Import');
  return run.organization_id;
}
