import type { NotificationView } from '@figgle/shared/notification-schemas';
import { TASK_PRIORITIES, type TaskPriority } from '@figgle/shared/priority';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { shownStatusName } from '../../../shared/status-name';
import { priorityLabel } from '../../../ui/planning/priority-icon';

const FIELD_WORDS: Record<string, () => string> = {
  status: () => t('inbox.fieldStatus'),
  title: () => t('inbox.fieldTitle'),
  assignee: () => t('inbox.fieldAssignee'),
  due_date: () => t('inbox.fieldDueDate'),
  priority: () => t('inbox.fieldPriority'),
  labels: () => t('inbox.fieldLabels'),
};

/** One side of a change as a person reads it: a status or priority by its label, a list joined. */
function valueWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('inbox.none');
  if (Array.isArray(value)) return value.length === 0 ? t('inbox.none') : value.map(String).join(', ');
  if (field === 'status') return shownStatusName(String(value), null);
  if (field === 'priority')
    return TASK_PRIORITIES.includes(value as TaskPriority)
      ? priorityLabel(value as TaskPriority)
      : String(value);
  if (field === 'due_date' && typeof value === 'string') {
    const date = new Date(value.length === 10 ? `${value}T00:00:00` : value);
    return Number.isNaN(date.getTime())
      ? value
      : date.toLocaleDateString(intlLocale(), { month: 'long', day: 'numeric', year: 'numeric' });
  }
  return String(value);
}

/** What the actor did, in the words of the "For me" line: 'mentioned you in a comment on'… */
export function forMeVerb(entry: NotificationView): string {
  switch (entry.kind) {
    case 'mention':
      return entry.detail.where === 'description'
        ? t('inbox.verbMentionDescription')
        : t('inbox.verbMentionComment');
    case 'assignment':
      return t('inbox.verbAssigned');
    case 'comment':
      return t('inbox.verbCommented');
    case 'change':
      // The last open task blocking this one was finished (issue 42).
      return entry.detail.field === 'unblocked'
        ? t('inbox.verbUnblocked', { blocker: String(entry.detail.from) })
        : t('inbox.verbChanged');
    case 'design_changed':
      return t('inbox.verbDesignChanged');
  }
}

/** The line under it: the words quoted, or the change ('status To Do → Doing'). */
export function forMeDetail(entry: NotificationView): string | null {
  const { detail } = entry;
  if (entry.kind === 'change' && detail.field === 'unblocked') return t('inbox.nothingBlocks');
  if (entry.kind === 'design_changed') {
    const version =
      typeof detail.version_label === 'string'
        ? t('inbox.figmaVersionNamed', { label: detail.version_label })
        : t('inbox.newFigmaVersion');
    return typeof detail.author === 'string' && detail.author
      ? t('inbox.versionBy', { version, author: detail.author })
      : version;
  }
  if (entry.kind === 'change' && typeof detail.field === 'string') {
    const field = detail.field;
    // A status reads by its name in the task's project when the server gave it (from_name, to_name).
    const from =
      field === 'status' && typeof detail.from_name === 'string'
        ? detail.from_name
        : valueWords(field, detail.from);
    const to =
      field === 'status' && typeof detail.to_name === 'string'
        ? detail.to_name
        : valueWords(field, detail.to);
    return t('inbox.fieldChange', { field: FIELD_WORDS[field]?.() ?? field, from, to });
  }
  if (typeof detail.excerpt === 'string' && detail.excerpt !== '')
    return t('inbox.quoted', { excerpt: detail.excerpt });
  return null;
}

export function actorName(entry: NotificationView): string {
  if (!entry.actor) return 'Figma';
  return [entry.actor.firstname, entry.actor.lastname].filter(Boolean).join(' ') || t('inbox.someone');
}
