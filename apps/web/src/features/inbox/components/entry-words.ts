import type { InboxEntryView } from '@figgle/shared/inbox-schemas';
import { describeLogChange } from '@figgle/shared/log-type';
import { structureLogWords } from '@figgle/shared/structure-log-words';
import { otherChanges, planningFragments } from '../../../ui/planning/change-words';

/** Who did it: the person, or Figma (with the commenter's handle when the comment came from there). */
export function authorLabel(entry: InboxEntryView): string {
  if (entry.author) {
    return [entry.author.firstname, entry.author.lastname].filter(Boolean).join(' ') || 'Someone';
  }
  return entry.author_name ? `${entry.author_name} (Figma)` : 'Figma';
}

/**
 * What changed, in words: 'status To Do → Doing', 'description edited', 'new comment: “…”',
 * 'due date none → March 5, 2026' (in the viewer's time zone), 'priority None → High'…
 */
export function changeWords(entry: InboxEntryView): string {
  if (entry.type === 'COMMENT') return entry.comment ? `new comment: “${entry.comment}”` : 'new comment';
  if (entry.type === 'COMMENT_EDIT') return 'comment edited';
  if (entry.type === 'COMMENT_DELETE') return 'comment deleted';
  if (entry.type === 'MOVE' && entry.metadata.project)
    return `moved from ${entry.metadata.project.old.name} to ${entry.metadata.project.new.name}`;
  const structure = structureLogWords(entry.type, entry.metadata);
  if (structure) return structure;
  if (entry.type === 'CREATION') {
    const assignee = entry.metadata.assignee_id?.new;
    const assigneeName = assignee ? entry.people[assignee] : undefined;
    return assigneeName ? `task created, assignee ${assigneeName}` : 'task created';
  }
  const planning = planningFragments(entry.metadata);
  if (planning.length === 0) return describeLogChange(entry.metadata, entry.people, entry.status_names);
  const rest = otherChanges(entry.metadata);
  return [...(rest ? [describeLogChange(rest, entry.people, entry.status_names)] : []), ...planning].join(
    ', ',
  );
}
