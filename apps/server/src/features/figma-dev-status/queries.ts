import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function readyRuleOf(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('project')
    .select(['project_id', 'figma_ready_status'])
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
