import { randomUUID } from 'node:crypto';
import type { CustomFieldOption } from '@figgle/shared/custom-field-schemas';
import { violatesUniqueIndex } from '../../../db/unique-violation.ts';
import { badRequest, conflict } from '../../../http/errors.ts';

/** The 409 of a name another field of the organization has (compared whatever the case). */
export function duplicateFieldName(name: string) {
  return conflict(`A field named "${name}" already exists in this organization.`);
}

/** A write that lost a race for a name: the unique index (organization, lower(name)) refused it. */
export function isDuplicateFieldName(error: unknown): boolean {
  return violatesUniqueIndex(error, 'custom_field_name_idx');
}

/**
 * The options as they will be stored: an option sent with its id keeps it (it must be one of the
 * field's), a new one gets one. Returns the ids that are gone, whose values are removed.
 */
export function nextOptions(
  current: readonly CustomFieldOption[],
  sent: ReadonlyArray<{ option_id?: string | undefined; name: string; colour: CustomFieldOption['colour'] }>,
): { options: CustomFieldOption[]; removed: string[] } {
  const known = new Set(current.map((option) => option.option_id));
  const options = sent.map((option) => {
    const id = option.option_id?.toLowerCase();
    if (id !== undefined && !known.has(id)) {
      throw badRequest('This option does not exist in the field.', [
        { path: 'body.options', message: `has no option ${id}` },
      ]);
    }
    return { option_id: id ?? randomUUID(), name: option.name, colour: option.colour };
  });
  const kept = new Set(options.map((option) => option.option_id));
  return { options, removed: current.map((option) => option.option_id).filter((id) => !kept.has(id)) };
}
