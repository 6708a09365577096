import { t } from '../../../lib/i18n/i18n';

/** How a member is named in the pickers: first and last name, or a stand-in for an empty profile. */
export function memberName(person: { firstname: string; lastname: string }): string {
  return `${person.firstname} ${person.lastname}`.trim() || t('tasks.unnamedMember');
}
