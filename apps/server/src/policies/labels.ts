import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from './policy-errors.ts';

/** The organization a label belongs to; 404 when there is no such label. */
export async function organizationOfLabel(db: Kysely<Database>, labelId: string): Promise<string> {
  const label = await db
    .selectFrom('label')
    .select('organization_id')
    .where('label_id', '=', labelId)
    .executeTakeFirst();
  if (!label) throw notFound('Label');
  return label.organization_id;
}
