import { type DeltaDocument, deltaToPlainText } from '@figgle/shared/delta';
import {
  INBOX_COMMENT_EXCERPT_MAX,
  type InboxEntryView,
  type InboxStatusView,
} from '@figgle/shared/inbox-schemas';
import { type LogMetadata, logMetadataSchema } from '@figgle/shared/log-type';
import { iso } from '../../http/iso-time.ts';
import { presentEntryTask } from '../notifications/presenter.ts';
import type { InboxRow } from './queries.ts';

function fullName(firstname: string | null, lastname: string | null): string {
  return [firstname, lastname].filter(Boolean).join(' ');
}

/** Only the known fields, each well formed: a stray key in an old row never reaches the client. */
function cleanMetadata(value: unknown): LogMetadata {
  const parsed = logMetadataSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** The comment's words on one line, cut at a word boundary when long. */
function commentExcerpt(content: DeltaDocument | null): string {
  if (!content || !Array.isArray(content.ops)) return '';
  const text = deltaToPlainText(content).replace(/\s+/g, ' ').trim();
  if (text.length <= INBOX_COMMENT_EXCERPT_MAX) return text;
  const cut = text.slice(0, INBOX_COMMENT_EXCERPT_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > INBOX_COMMENT_EXCERPT_MAX / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export function presentInboxEntry(row: InboxRow): InboxEntryView {
  const people: Record<string, string> = {};
  if (row.old_assignee_id) {
    people[row.old_assignee_id] = fullName(row.old_assignee_firstname, row.old_assignee_lastname);
  }
  if (row.new_assignee_id) {
    people[row.new_assignee_id] = fullName(row.new_assignee_firstname, row.new_assignee_lastname);
  }
  const statusNames: Record<string, string> = {};
  const status = row.metadata?.status as { old?: unknown; new?: unknown } | undefined;
  if (typeof status?.old === 'string' && row.old_status_name) statusNames[status.old] = row.old_status_name;
  if (typeof status?.new === 'string' && row.new_status_name) statusNames[status.new] = row.new_status_name;
  return {
    entry_id: row.entry_id,
    type: row.type,
    created_at: iso(row.created_at),
    author: row.author_id
      ? {
          user_id: row.author_id,
          firstname: row.author_firstname ?? '',
          lastname: row.author_lastname ?? '',
        }
      : null,
    author_name: row.author_id ? '' : row.author_name,
    ...presentEntryTask(row),
    metadata: row.type === 'COMMENT' ? {} : cleanMetadata(row.metadata),
    people,
    status_names: statusNames,
    comment: row.type === 'COMMENT' ? commentExcerpt(row.content_json as DeltaDocument | null) : null,
  };
}

/** Whether anything arrived since the person last opened the inbox, and when that was. */
export function presentInboxStatus(hasNew: boolean, seenAt: Date): InboxStatusView {
  return { has_new: hasNew, inbox_seen_at: seenAt.toISOString() };
}
