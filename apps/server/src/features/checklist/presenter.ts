import type { ChecklistItemView, ChecklistView } from '@figgle/shared/checklist-schemas';
import type { ChecklistItemRow } from './queries.ts';

export function presentChecklistItem(row: ChecklistItemRow): ChecklistItemView {
  return {
    item_id: row.item_id,
    text: row.text,
    done: row.done,
    rank: row.rank,
    converted_task:
      row.converted_task_id !== null && row.converted_reference !== null
        ? { task_id: row.converted_task_id, reference: row.converted_reference }
        : null,
  };
}

export function presentChecklist(rows: ChecklistItemRow[]): ChecklistView {
  return { items: rows.map(presentChecklistItem) };
}
