import type { InboxEntryView } from '@figgle/shared/inbox-schemas';
import { t } from '../../../lib/i18n/i18n';
import { changeWords as describeChange, structureWords } from '../../../shared/activity-words';
import { otherChanges, planningFragments } from '../../../ui/planning/change-words';

/** Who did it: the person, or Figma (with the commenter's handle when the comment came from there). */
export function authorLabel(entry: InboxEntryView): string {
  if (entry.author) {
    return [entry.author.firstname, entry.author.lastname].filter(Boolean).join(' ') || t('inbox.someone');
  }
  return entry.author_name ? t('inbox.figmaAuthor', { name: entry.author_name }) : 'Figma';
}

/**
 * What changed, in words: 'status To Do → Doing', 'description edited', 'new comment: “…”',
 * 'due date none → March 5, 2026' (in the viewer's time zone), 'priority None → High'…
 */
export function changeWords(entry: InboxEntryView): string {
  if (entry.type === 'COMMENT')
    return entry.comment ? t('inbox.newCommentQuoted', { comment: entry.comment }) : t('inbox.newComment');
  if (entry.type === 'COMMENT_EDIT') return t('inbox.commentEdited');
  if (entry.type === 'COMMENT_DELETE') return t('inbox.commentDeleted');
  if (entry.type === 'MOVE' && entry.metadata.project)
    return t('inbox.movedFromTo', {
      from: entry.metadata.project.old.name,
      to: entry.metadata.project.new.name,
    });
  const structure = structureWords(entry.type, entry.metadata);
  if (structure) return structure;
  if (entry.type === 'CREATION') {
    const assignee = entry.metadata.assignee_id?.new;
    const assigneeName = assignee ? entry.people[assignee] : undefined;
    return assigneeName ? t('inbox.taskCreatedAssignee', { name: assigneeName }) : t('inbox.taskCreated');
  }
  const planning = planningFragments(entry.metadata);
  if (planning.length === 0) return describeChange(entry.metadata, entry.people, entry.status_names);
  const rest = otherChanges(entry.metadata);
  return [...(rest ? [describeChange(rest, entry.people, entry.status_names)] : []), ...planning].join(', ');
}
