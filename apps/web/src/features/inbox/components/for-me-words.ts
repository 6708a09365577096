import type { NotificationView } from '@figgle/shared/notification-schemas';
import { PRIORITY_LABELS, type TaskPriority } from '@figgle/shared/priority';
import { defaultStatusLabel } from '@figgle/shared/status';

const FIELD_WORDS: Record<string, string> = {
  status: 'status',
  title: 'title',
  assignee: 'assignee',
  due_date: 'due date',
  priority: 'priority',
  labels: 'labels',
};

/** One side of a change as a person reads it: a status or priority by its label, a list joined. */
function valueWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(String).join(', ');
  if (field === 'status') return defaultStatusLabel(String(value));
  if (field === 'priority') return PRIORITY_LABELS[value as TaskPriority] ?? String(value);
  if (field === 'due_date' && typeof value === 'string') {
    const date = new Date(value.length === 10 ? `${value}T00:00:00` : value);
    return Number.isNaN(date.getTime())
      ? value
      : date.toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' });
  }
  return String(value);
}

/** What the actor did, in the words of the "For me" line: 'mentioned you in a comment on'… */
export function forMeVerb(entry: NotificationView): string {
  switch (entry.kind) {
    case 'mention':
      return entry.detail.where === 'description'
        ? 'mentioned you in the description of'
        : 'mentioned you in a comment on';
    case 'assignment':
      return 'assigned you';
    case 'comment':
      return 'commented on';
    case 'change':
      // The last open task blocking this one was finished (issue 42).
      return entry.detail.field === 'unblocked'
        ? `finished ${String(entry.detail.from)}, which blocked`
        : 'changed';
    case 'design_changed':
      return 'changed the linked design of';
  }
}

/** The line under it: the words quoted, or the change ('status To Do → Doing'). */
export function forMeDetail(entry: NotificationView): string | null {
  const { detail } = entry;
  if (entry.kind === 'change' && detail.field === 'unblocked') return 'Nothing blocks it any more.';
  if (entry.kind === 'design_changed') {
    const version =
      typeof detail.version_label === 'string'
        ? `Figma version “${detail.version_label}”`
        : 'A new Figma version';
    return typeof detail.author === 'string' && detail.author ? `${version} by ${detail.author}` : version;
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
    return `${FIELD_WORDS[field] ?? field} ${from} → ${to}`;
  }
  if (typeof detail.excerpt === 'string' && detail.excerpt !== '') return `“${detail.excerpt}”`;
  return null;
}

export function actorName(entry: NotificationView): string {
  if (!entry.actor) return 'Figma';
  return [entry.actor.firstname, entry.actor.lastname].filter(Boolean).join(' ') || 'Someone';
}
