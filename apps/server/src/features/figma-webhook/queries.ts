import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Whether a task of the organization links a node of the file, or a live project links the file. */
export async function organizationLinksFile(
  db: Kysely<Database>,
  organizationId: string,
  fileKey: string,
): Promise<boolean> {
  const found = await sql<{ linked: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM task_figma_node WHERE organization_id = ${organizationId} AND file_key = ${fileKey}
    ) OR EXISTS (
      SELECT 1 FROM file JOIN project USING (project_id)
       WHERE project.organization_id = ${organizationId} AND file.figma_file_id = ${fileKey}
         AND file.deleted_at IS NULL AND project.deleted_at IS NULL
    ) AS linked
  `.execute(db);
  return found.rows[0]?.linked === true;
}
