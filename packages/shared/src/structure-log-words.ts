import type { LogMetadata } from './log-type.ts';
import type { RelationSide } from './subtask-schemas.ts';

/** How the change log words a relation as the task it is on reads it: "marked as blocked by WEB-9". */
const ADDED: Record<RelationSide, string> = {
  blocks: 'marked as blocking',
  blocked_by: 'marked as blocked by',
  relates: 'linked as related to',
  duplicates: 'marked as a duplicate of',
  duplicated_by: 'marked as duplicated by',
};
const REMOVED: Record<RelationSide, string> = {
  blocks: 'no longer marked as blocking',
  blocked_by: 'no longer marked as blocked by',
  relates: 'no longer linked as related to',
  duplicates: 'no longer marked as a duplicate of',
  duplicated_by: 'no longer marked as duplicated by',
};

/**
 * The words of a PARENT or RELATION line of the change log (migration 0023), after the author's
 * name: "added sub-task WEB-14", "made this a sub-task of WEB-12", "marked as blocked by WEB-9".
 * Null for any other line.
 */
export function structureLogWords(type: string, metadata: LogMetadata): string | null {
  if (type === 'PARENT') {
    if (metadata.subtask)
      return `${metadata.subtask.added ? 'added' : 'removed'} sub-task ${metadata.subtask.reference}`;
    const parent = metadata.parent;
    if (!parent) return null;
    if (parent.new) return `made this a sub-task of ${parent.new.reference}`;
    return parent.old ? `made this a top-level task (was under ${parent.old.reference})` : null;
  }
  if (type === 'RELATION' && metadata.relation) {
    const { kind, reference, added } = metadata.relation;
    return `${(added ? ADDED : REMOVED)[kind]} ${reference}`;
  }
  return null;
}
