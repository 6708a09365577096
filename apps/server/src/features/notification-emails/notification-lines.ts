import { PRIORITY_LABELS, type TaskPriority } from '@figgle/shared/priority';
import { defaultStatusLabel } from '@figgle/shared/status';
import type { NotificationItem } from '../../mail/templates.ts';
import type { NotificationForEmail } from './queries.ts';

const FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  title: 'Title',
  assignee: 'Assignee',
  due_date: 'Due date',
  priority: 'Priority',
  labels: 'Labels',
};

export function taskReference(row: NotificationForEmail): string {
  return `${row.project_trigram.toUpperCase()}-${row.task_reference}`;
}

/** A value of the change log as a person reads it: "To Do", "Alex Doe", "Bug, UI", "none". */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : value.map((v) => valueText(field, v)).join(', ');
  if (typeof value === 'object') {
    const { date, instant } = value as { date?: string; instant?: string };
    return String(date ?? instant ?? JSON.stringify(value));
  }
  const text = String(value);
  if (field === 'status') return defaultStatusLabel(text);
  if (field === 'priority' && text in PRIORITY_LABELS) return PRIORITY_LABELS[text as TaskPriority];
  return text;
}

function quoted(excerpt: unknown): string {
  const text = typeof excerpt === 'string' ? excerpt.trim() : '';
  return text ? `: “${text}”` : '';
}

/** What happened, and by whom, in one line. */
export function notificationLine(row: NotificationForEmail): string {
  const who = row.actor_name ?? 'Someone';
  const detail = row.detail;
  switch (row.kind) {
    case 'mention':
      return `${who} mentioned you in ${detail.where === 'description' ? 'the description' : 'a comment'}${quoted(detail.excerpt)}`;
    case 'assignment':
      return `${who} assigned the task to you`;
    case 'comment':
      return `${who} commented${quoted(detail.excerpt)}`;
    case 'change': {
      const field = String(detail.field ?? '');
      if (field === 'unblocked')
        return `${who} finished ${String(detail.from)}: nothing blocks this task any more`;
      const label = FIELD_LABELS[field] ?? field;
      const others = Array.isArray(detail.fields)
        ? detail.fields.filter((f) => f !== field).map((f) => FIELD_LABELS[String(f)] ?? String(f))
        : [];
      const also = others.length > 0 ? ` (and ${others.join(', ')})` : '';
      // A status reads by its name in the task's project ("Shipped"), when it still has it.
      const from = (field === 'status' && row.status_from_name) || valueText(field, detail.from);
      const to = (field === 'status' && row.status_to_name) || valueText(field, detail.to);
      return `${who} changed ${label}: ${from} → ${to}${also}`;
    }
    case 'design_changed': {
      // Figma made the change (no actor): the version and who saved it say what changed.
      const version =
        typeof detail.version_label === 'string' ? `“${detail.version_label}”` : 'a new version';
      const author = typeof detail.author === 'string' && detail.author ? ` by ${detail.author}` : '';
      return `The linked design changed in Figma: ${version}${author}`;
    }
  }
}

function taskUrl(publicUrl: string, taskId: string): string {
  return `${publicUrl}/task/${encodeURIComponent(taskId)}`;
}

/** One item per task, in the order the tasks first appear; each event a line. */
export function itemsByTask(publicUrl: string, rows: NotificationForEmail[]): NotificationItem[] {
  const items = new Map<string, NotificationItem>();
  for (const row of rows) {
    let item = items.get(row.task_id);
    if (!item) {
      item = {
        reference: `${taskReference(row)} · ${row.project_name}`,
        title: row.task_title,
        lines: [],
        url: taskUrl(publicUrl, row.task_id),
      };
      items.set(row.task_id, item);
    }
    item.lines.push(notificationLine(row));
  }
  return [...items.values()];
}
