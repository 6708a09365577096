// The change log's words in the reader's language (namespace `activity`), built from a log entry's
// structured fields: the task page's activity and the inbox. English reads exactly as the shared
// package's English (log-type.ts, structure-log-words.ts, estimate.ts, milestone-words.ts,
// cycle-words.ts, custom-field-schemas.ts), which the server still uses for its own texts.
import type { LogMetadata } from '@figgle/shared/log-type';
import type { RelationSide } from '@figgle/shared/subtask-schemas';
import { t } from '../lib/i18n/i18n';
import { cycleName } from './cycle-words';
import { shownStatusName } from './status-name';

type Change = { old: unknown; new: unknown } | undefined;

const changed = (change: Change): change is { old: unknown; new: unknown } =>
  change !== undefined && change.old !== change.new;

/** Display names of people by id, and the task's project's status names by key. */
type Names = Readonly<Record<string, string>>;

function statusWord(value: unknown, statusNames: Names): string {
  if (typeof value !== 'string' || value === '') return t('activity.none');
  return shownStatusName(value, Object.hasOwn(statusNames, value) ? statusNames[value] : null);
}

/**
 * What an entry changed among status, title, assignee and description: 'status To Do → Doing',
 * 'title "Old" → "New"', 'assignee Ada Lovelace', 'description edited', joined by ', '. Planning
 * fields (dates, priority, labels) are worded by ui/planning/change-words.ts.
 */
export function changeWords(metadata: LogMetadata, people: Names, statusNames: Names): string {
  const parts: string[] = [];
  const { status, title, assignee_id: assignee } = metadata;
  if (changed(status))
    parts.push(
      status.old == null
        ? t('activity.statusSet', { to: statusWord(status.new, statusNames) })
        : t('activity.statusChanged', {
            from: statusWord(status.old, statusNames),
            to: statusWord(status.new, statusNames),
          }),
    );
  if (changed(title)) {
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    parts.push(
      title.old == null
        ? t('activity.titleSet', { to: text(title.new) })
        : t('activity.titleChanged', { from: text(title.old), to: text(title.new) }),
    );
  }
  if (changed(assignee)) {
    const id = assignee.new;
    parts.push(
      typeof id === 'string' && id !== ''
        ? t('activity.assigneeSet', {
            name: (Object.hasOwn(people, id) ? people[id]?.trim() : '') || t('activity.unknownUser'),
          })
        : t('activity.assigneeNone'),
    );
  }
  if (metadata.content || parts.length === 0) parts.push(t('activity.descriptionEdited'));
  return parts.join(', ');
}

const RELATION_ADDED: Record<RelationSide, string> = {
  blocks: 'activity.blocksAdded',
  blocked_by: 'activity.blockedByAdded',
  relates: 'activity.relatesAdded',
  duplicates: 'activity.duplicatesAdded',
  duplicated_by: 'activity.duplicatedByAdded',
};
const RELATION_REMOVED: Record<RelationSide, string> = {
  blocks: 'activity.blocksRemoved',
  blocked_by: 'activity.blockedByRemoved',
  relates: 'activity.relatesRemoved',
  duplicates: 'activity.duplicatesRemoved',
  duplicated_by: 'activity.duplicatedByRemoved',
};

/** A PARENT or RELATION line: 'added sub-task WEB-14', 'marked as blocked by WEB-9'; null otherwise. */
export function structureWords(type: string, metadata: LogMetadata): string | null {
  if (type === 'PARENT') {
    if (metadata.subtask)
      return t(metadata.subtask.added ? 'activity.subtaskAdded' : 'activity.subtaskRemoved', {
        reference: metadata.subtask.reference,
      });
    const parent = metadata.parent;
    if (parent?.new) return t('activity.madeSubtaskOf', { reference: parent.new.reference });
    if (parent?.old) return t('activity.madeTopLevel', { reference: parent.old.reference });
    return null;
  }
  if (type === 'RELATION' && metadata.relation) {
    const { kind, reference, added } = metadata.relation;
    return t((added ? RELATION_ADDED : RELATION_REMOVED)[kind], { reference });
  }
  return null;
}

/** An ESTIMATE line: 'set the estimate to 5', 'changed the estimate from 3 to 5'… */
export function estimateWords(change: { old: string | null; new: string | null }): string {
  if (change.old === null)
    return change.new === null
      ? t('activity.estimateCleared')
      : t('activity.estimateSet', { value: change.new });
  if (change.new === null) return t('activity.estimateClearedWas', { old: change.old });
  return t('activity.estimateChanged', { from: change.old, to: change.new });
}

type Named = { name: string } | null;

/** A MILESTONE line: 'put the task in milestone Beta'… */
export function milestoneWords(change: { old: Named; new: Named }): string {
  if (change.new && change.old)
    return t('activity.milestoneMoved', { from: change.old.name, to: change.new.name });
  if (change.new) return t('activity.milestoneAdded', { name: change.new.name });
  if (change.old) return t('activity.milestoneRemoved', { name: change.old.name });
  return t('activity.milestoneChanged');
}

type CycleSide = { number: number; name: string | null } | null;

/** A CYCLE line, by a person or by the rollover of an ended cycle: 'planned the task in Cycle 3'… */
export function cycleWords(change: { old: CycleSide; new: CycleSide }, rollover = false): string {
  if (rollover && change.old && change.new)
    return t('activity.cycleRolledOver', { from: cycleName(change.old), to: cycleName(change.new) });
  if (change.new && change.old)
    return t('activity.cycleMoved', { from: cycleName(change.old), to: cycleName(change.new) });
  if (change.new) return t('activity.cyclePlanned', { cycle: cycleName(change.new) });
  if (change.old) return t('activity.cycleRemoved', { cycle: cycleName(change.old) });
  return t('activity.cycleChanged');
}

/** A CUSTOM_FIELD line: 'set Team to Design', 'cleared Team (was Design)'… */
export function customFieldWords(change: { name: string; old: string | null; new: string | null }): string {
  if (change.new === null)
    return change.old
      ? t('activity.fieldClearedWas', { field: change.name, old: change.old })
      : t('activity.fieldCleared', { field: change.name });
  return change.old === null
    ? t('activity.fieldSet', { field: change.name, value: change.new })
    : t('activity.fieldChanged', { field: change.name, from: change.old, to: change.new });
}
