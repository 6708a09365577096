import type { InboxEntryView } from '@figgle/shared/inbox-schemas';
import { describeLogChange } from '@figgle/shared/log-type';

/** Who did it: the person, or Figma (with the commenter's handle when the comment came from there). */
export function authorLabel(entry: InboxEntryView): string {
  if (entry.author) {
    return [entry.author.firstname, entry.author.lastname].filter(Boolean).join(' ') || 'Someone';
  }
  return entry.author_name ? `${entry.author_name} (Figma)` : 'Figma';
}

/** What changed, in words: 'status To Do → Doing', 'description edited', 'new comment: “…”'… */
export function changeWords(entry: InboxEntryView): string {
  if (entry.type === 'COMMENT') return entry.comment ? `new comment: “${entry.comment}”` : 'new comment';
  if (entry.type === 'CREATION') {
    const assignee = entry.metadata.assignee_id?.new;
    const assigneeName = assignee ? entry.people[assignee] : undefined;
    return assigneeName ? `task created, assignee ${assigneeName}` : 'task created';
  }
  return describeLogChange(entry.metadata, entry.people);
}
