import { violatesUniqueIndex } from '../../../db/unique-violation.ts';
import { conflict } from '../../../http/errors.ts';

/** The 409 of a name another label of the organization has (compared whatever the case). */
export function duplicateLabelName(name: string) {
  return conflict(`A label named "${name}" already exists in this organization.`);
}

/** A write that lost a race for a name to another: the unique index (organization, lower(name)) refused it. */
export function isDuplicateName(error: unknown): boolean {
  return violatesUniqueIndex(error, 'label_name_idx');
}
