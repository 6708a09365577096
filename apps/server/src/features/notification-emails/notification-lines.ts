import type { Locale } from '@figgle/shared/constants';
import { PRIORITY_LABELS } from '@figgle/shared/priority';
import { STATUS_LABELS } from '@figgle/shared/status';
import { type MailKey, mailText } from '../../mail/i18n.ts';
import type { NotificationItem } from '../../mail/templates.ts';
import type { NotificationForEmail } from './queries.ts';

/** The fields a change line names by their label (the mail catalogue's `field.<name>`). */
const LABELLED_FIELDS = new Set(['status', 'title', 'assignee', 'due_date', 'priority', 'labels']);

function fieldLabel(field: string, locale: Locale): string {
  return LABELLED_FIELDS.has(field) ? mailText(locale, `field.${field}` as MailKey) : field;
}

export function taskReference(row: NotificationForEmail): string {
  return `${row.project_trigram.toUpperCase()}-${row.task_reference}`;
}

/** A value of the change log as a person reads it: "To Do", "Alex Doe", "Bug, UI", "none". */
function valueText(field: string, value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return mailText(locale, 'value.none');
  if (Array.isArray(value))
    return value.length === 0
      ? mailText(locale, 'value.none')
      : value.map((v) => valueText(field, v, locale)).join(', ');
  if (typeof value === 'object') {
    const { date, instant } = value as { date?: string; instant?: string };
    return String(date ?? instant ?? JSON.stringify(value));
  }
  const text = String(value);
  // The four first statuses and the priorities by their names; a project's own status as it is.
  if (field === 'status' && text in STATUS_LABELS) return mailText(locale, `status.${text}` as MailKey);
  if (field === 'priority' && text in PRIORITY_LABELS) return mailText(locale, `priority.${text}` as MailKey);
  return text;
}

function quoted(excerpt: unknown, locale: Locale): string {
  const text = typeof excerpt === 'string' ? excerpt.trim() : '';
  return text ? mailText(locale, 'line.excerpt', { text }) : '';
}

/** What happened, and by whom, in one line, in the recipient's language. */
export function notificationLine(row: NotificationForEmail, locale: Locale = 'en'): string {
  const who = row.actor_name ?? mailText(locale, 'notification.someone');
  const detail = row.detail;
  switch (row.kind) {
    case 'mention':
      return mailText(
        locale,
        detail.where === 'description' ? 'line.mentionDescription' : 'line.mentionComment',
        {
          who,
          excerpt: quoted(detail.excerpt, locale),
        },
      );
    case 'assignment':
      return mailText(locale, 'line.assignment', { who });
    case 'comment':
      return mailText(locale, 'line.comment', { who, excerpt: quoted(detail.excerpt, locale) });
    case 'change': {
      const field = String(detail.field ?? '');
      if (field === 'unblocked')
        return mailText(locale, 'line.unblocked', { who, task: String(detail.from) });
      const others = Array.isArray(detail.fields)
        ? detail.fields.filter((f) => f !== field).map((f) => fieldLabel(String(f), locale))
        : [];
      const also = others.length > 0 ? mailText(locale, 'line.also', { fields: others.join(', ') }) : '';
      // A status reads by its name in the task's project ("Shipped"), when it still has it.
      const from = (field === 'status' && row.status_from_name) || valueText(field, detail.from, locale);
      const to = (field === 'status' && row.status_to_name) || valueText(field, detail.to, locale);
      return mailText(locale, 'line.change', { who, field: fieldLabel(field, locale), from, to, also });
    }
    case 'design_changed': {
      // Figma made the change (no actor): the version and who saved it say what changed.
      const version =
        typeof detail.version_label === 'string'
          ? mailText(locale, 'line.versionLabel', { label: detail.version_label })
          : mailText(locale, 'line.newVersion');
      const author =
        typeof detail.author === 'string' && detail.author
          ? mailText(locale, 'line.byAuthor', { author: detail.author })
          : '';
      return mailText(locale, 'line.designChanged', { version, author });
    }
  }
}

function taskUrl(publicUrl: string, taskId: string): string {
  return `${publicUrl}/task/${encodeURIComponent(taskId)}`;
}

/** One item per task, in the order the tasks first appear; each event a line. */
export function itemsByTask(
  publicUrl: string,
  rows: NotificationForEmail[],
  locale: Locale = 'en',
): NotificationItem[] {
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
    item.lines.push(notificationLine(row, locale));
  }
  return [...items.values()];
}
