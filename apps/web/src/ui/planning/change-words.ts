import type { LogMetadata } from '@figgle/shared/log-type';
import type { TaskPriority } from '@figgle/shared/priority';
import { intlLocale, t } from '../../lib/i18n/i18n';
import { formatLoggedDue } from './due-date';
import { priorityLabel } from './priority-icon';

/**
 * Words for the planning part of a change-log entry (due date, start date, priority, labels), read in the viewer's
 * time zone: the shared describeLogChange can only word a due time in UTC.
 */

type Labels = Array<{ label_id: string; name: string }>;

const quote = (name: string) => t('ui.quoted', { name });

function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  // English as it always read ('A, B and C'); the other languages by their own rules.
  if (intlLocale() !== 'en') return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(names);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function priorityWord(value: unknown): string {
  return typeof value === 'string' && ['URGENT', 'HIGH', 'MEDIUM', 'LOW', 'NONE'].includes(value)
    ? priorityLabel(value as TaskPriority)
    : t('ui.priorityNone');
}

function labelDelta(change: { old: Labels; new: Labels }) {
  const before = new Set(change.old.map((label) => label.label_id));
  const after = new Set(change.new.map((label) => label.label_id));
  return {
    added: change.new.filter((label) => !before.has(label.label_id)).map((label) => quote(label.name)),
    removed: change.old.filter((label) => !after.has(label.label_id)).map((label) => quote(label.name)),
  };
}

const dueChanged = (metadata: LogMetadata) =>
  metadata.due !== undefined && (metadata.due.old ?? null) !== (metadata.due.new ?? null);
const startChanged = (metadata: LogMetadata) =>
  metadata.start !== undefined && (metadata.start.old ?? null) !== (metadata.start.new ?? null);
const priorityChanged = (metadata: LogMetadata) =>
  metadata.priority !== undefined && metadata.priority.old !== metadata.priority.new;

/** Timeline sentences: 'changed the due date from March 1, 2026 to March 5, 2026', 'added the label “Bug”'… */
export function planningSentences(metadata: LogMetadata, timeZone?: string): string[] {
  const sentences: string[] = [];
  if (dueChanged(metadata)) {
    const { old: before, new: after } = metadata.due!;
    if (!before) sentences.push(t('ui.setDueDate', { date: formatLoggedDue(after, timeZone) }));
    else if (!after) sentences.push(t('ui.removedDueDate', { date: formatLoggedDue(before, timeZone) }));
    else
      sentences.push(
        t('ui.changedDueDate', {
          from: formatLoggedDue(before, timeZone),
          to: formatLoggedDue(after, timeZone),
        }),
      );
  }
  if (startChanged(metadata)) {
    const { old: before, new: after } = metadata.start!;
    if (!before) sentences.push(t('ui.setStartDate', { date: formatLoggedDue(after, timeZone) }));
    else if (!after) sentences.push(t('ui.removedStartDate', { date: formatLoggedDue(before, timeZone) }));
    else
      sentences.push(
        t('ui.changedStartDate', {
          from: formatLoggedDue(before, timeZone),
          to: formatLoggedDue(after, timeZone),
        }),
      );
  }
  if (priorityChanged(metadata)) {
    const { old: before, new: after } = metadata.priority!;
    sentences.push(t('ui.changedPriority', { from: priorityWord(before), to: priorityWord(after) }));
  }
  if (metadata.labels) {
    const { added, removed } = labelDelta(metadata.labels);
    if (added.length > 0) sentences.push(t('ui.addedLabels', { count: added.length, names: list(added) }));
    if (removed.length > 0)
      sentences.push(t('ui.removedLabels', { count: removed.length, names: list(removed) }));
  }
  return sentences;
}

/** Inbox fragments, in the style of 'status To Do → Doing': 'due date none → March 5, 2026'… */
export function planningFragments(metadata: LogMetadata, timeZone?: string): string[] {
  const fragments: string[] = [];
  if (dueChanged(metadata)) {
    const { old: before, new: after } = metadata.due!;
    fragments.push(
      t('ui.dueFragment', { from: formatLoggedDue(before, timeZone), to: formatLoggedDue(after, timeZone) }),
    );
  }
  if (startChanged(metadata)) {
    const { old: before, new: after } = metadata.start!;
    fragments.push(
      t('ui.startFragment', {
        from: formatLoggedDue(before, timeZone),
        to: formatLoggedDue(after, timeZone),
      }),
    );
  }
  if (priorityChanged(metadata)) {
    const { old: before, new: after } = metadata.priority!;
    fragments.push(t('ui.priorityFragment', { from: priorityWord(before), to: priorityWord(after) }));
  }
  if (metadata.labels) {
    const { added, removed } = labelDelta(metadata.labels);
    const parts = [
      ...(added.length > 0 ? [t('ui.addedNames', { names: list(added) })] : []),
      ...(removed.length > 0 ? [t('ui.removedNames', { names: list(removed) })] : []),
    ];
    if (parts.length > 0) fragments.push(t('ui.labelsFragment', { changes: parts.join(', ') }));
  }
  return fragments;
}

/**
 * What else the entry changed (status, title, assignee, description), without the planning fields,
 * or null when it changed nothing else: the shared wording covers those.
 */
export function otherChanges(metadata: LogMetadata): LogMetadata | null {
  const { due: _due, start: _start, priority: _priority, labels: _labels, ...rest } = metadata;
  const moved = (change: { old: unknown; new: unknown } | undefined) =>
    change !== undefined && change.old !== change.new;
  const any = moved(rest.status) || moved(rest.title) || moved(rest.assignee_id) || rest.content === true;
  return any ? rest : null;
}
