import {
  type CustomValue,
  compareCustomValues,
  type ProjectCustomField,
} from '@figgle/shared/custom-field-schemas';
import { compareTasksForList } from '@figgle/shared/status';
import type { ValuesByTask } from '../api/list-project-custom-fields';

type Sortable = Parameters<typeof compareTasksForList>[0] & { task_id: string };

/**
 * The list's order by a custom field (`?sort=field:<id>`): its values in order, none last, ties in
 * the default order. Null when the sort is not by a field on in the project.
 */
export function compareByField(
  sort: string,
  fields: readonly ProjectCustomField[] | undefined,
  values: ValuesByTask | undefined,
): ((a: Sortable, b: Sortable) => number) | null {
  if (!sort.startsWith('field:')) return null;
  const field = fields?.find((candidate) => `field:${candidate.field_id}` === sort);
  if (!field) return null;
  const valueIn = (task: Sortable): CustomValue | undefined => values?.get(task.task_id)?.get(field.field_id);
  return (a, b) => compareCustomValues(field, valueIn(a), valueIn(b)) || compareTasksForList(a, b);
}
