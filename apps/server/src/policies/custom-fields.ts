import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from './policy-errors.ts';

/** The organization a custom field belongs to; 404 when there is no such field. */
export async function organizationOfCustomField(db: Kysely<Database>, fieldId: string): Promise<string> {
  const field = await db
    .selectFrom('custom_field')
    .select('organization_id')
    .where('field_id', '=', fieldId)
    .executeTakeFirst();
  if (!field) throw notFound('Custom field');
  return field.organization_id;
}
