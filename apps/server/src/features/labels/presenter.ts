import type { LabelView } from '@figgle/shared/planning-schemas';
import type { LabelRow } from './queries.ts';

export function presentLabel(row: LabelRow): LabelView {
  return { label_id: row.label_id, name: row.name, color: row.color, task_count: Number(row.task_count) };
}
