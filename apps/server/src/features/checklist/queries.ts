import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Byte order, as fractional-indexing compares ranks (and as the board's task ranks are sorted). */
export const BY_RANK = sql`checklist_item.rank COLLATE "C"`;

/** A task's items with the live task each one became, in checklist order. */
function checklistItems(db: Kysely<Database>) {
  return db
    .selectFrom('checklist_item')
    .leftJoin('task as converted', (join) =>
      join
        .onRef('converted.task_id', '=', 'checklist_item.converted_task_id')
        .on('converted.deleted_at', 'is', null),
    )
    .select([
      'checklist_item.item_id',
      'checklist_item.task_id',
      'checklist_item.text',
      'checklist_item.done',
      'checklist_item.rank',
      'converted.task_id as converted_task_id',
      'converted.reference as converted_reference',
    ]);
}

export type ChecklistItemRow = Awaited<
  ReturnType<ReturnType<typeof checklistItems>['executeTakeFirstOrThrow']>
>;

export function checklistOfTask(db: Kysely<Database>, taskId: string): Promise<ChecklistItemRow[]> {
  return checklistItems(db)
    .where('checklist_item.task_id', '=', taskId)
    .orderBy(BY_RANK)
    .orderBy('checklist_item.item_id')
    .execute();
}

export function checklistItem(db: Kysely<Database>, itemId: string): Promise<ChecklistItemRow | undefined> {
  return checklistItems(db).where('checklist_item.item_id', '=', itemId).executeTakeFirst();
}
