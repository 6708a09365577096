import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function findUploadByPath(db: Kysely<Database>, path: string) {
  return db
    .selectFrom('upload')
    .select(['upload_id', 'path', 'folder', 'file_name', 'content_type', 'size_bytes'])
    .where('path', '=', path)
    .executeTakeFirst();
}
