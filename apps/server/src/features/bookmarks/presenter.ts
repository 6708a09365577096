import type { BookmarkState } from '@figgle/shared/project-schemas';

/** The star as the user now sees it; the web app refetches the project for anything else. */
export function presentBookmark(projectId: string, bookmarked: boolean): BookmarkState {
  return { project_id: projectId, is_bookmarked: bookmarked };
}
