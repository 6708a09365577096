import { collapseContentLogs, logMetadataSchema } from '@figgle/shared/log-type';
import type { TimelineItemView, TimelineLogView } from '@figgle/shared/timeline-schemas';
import { presentAuthor, presentComment } from '../comments/presenter.ts';
import type { CommentWithUser } from '../comments/queries.ts';
import type { LogWithUser } from './queries.ts';

export function presentLog(row: LogWithUser): TimelineLogView {
  const metadata = logMetadataSchema.safeParse(row.metadata);
  const at = row.type === 'CONTENT' && row.updated_at > row.created_at ? row.updated_at : row.created_at;
  return {
    kind: 'log',
    log_id: row.log_id,
    type: row.type,
    author_id: row.author_id,
    author: presentAuthor(row),
    metadata: metadata.success ? metadata.data : {},
    at: at.toISOString(),
  };
}

/** Comments and log lines in one list, oldest first; runs of description edits read as one line. */
export function presentTimeline(
  taskId: string,
  comments: CommentWithUser[],
  logs: LogWithUser[],
): TimelineItemView[] {
  const items: TimelineItemView[] = [
    ...comments.map((row) => {
      const comment = presentComment(row);
      return { ...comment, kind: 'comment' as const, at: comment.created_at };
    }),
    ...logs.map(presentLog),
  ];
  items.sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind === b.kind ? 0 : a.kind === 'log' ? -1 : 1,
  );
  const collapsible = items.map((item) => ({
    item,
    task_id: taskId,
    type: item.kind === 'log' ? item.type : 'COMMENT',
    created_at: item.at,
    author_id: item.author_id,
    metadata: item.kind === 'log' ? item.metadata : null,
  }));
  return collapseContentLogs(collapsible).map(({ item, metadata }) =>
    item.kind === 'log' && metadata ? { ...item, metadata, at: item.at } : item,
  );
}
