import type { CommentView } from '@figgle/shared/comment-schemas';
import type { CommentWithUser } from './queries.ts';

/** Who wrote a comment or a log line, while they have an account here; null otherwise. */
export function presentAuthor(row: {
  author_id: string | null;
  firstname: string | null;
  lastname: string | null;
}): { user_id: string; firstname: string; lastname: string } | null {
  return row.author_id && row.firstname !== null && row.lastname !== null
    ? { user_id: row.author_id, firstname: row.firstname, lastname: row.lastname }
    : null;
}

export function presentComment(row: CommentWithUser): CommentView {
  return {
    comment_id: row.comment_id,
    task_id: row.task_id,
    author_id: row.author_id,
    author_name: row.author_name,
    user: presentAuthor(row),
    content_json: row.content_json as CommentView['content_json'],
    is_from_figma: row.figma_comment_id !== null,
    is_imported: row.imported,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at ? row.edited_at.toISOString() : null,
  };
}
