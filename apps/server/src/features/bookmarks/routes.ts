import { projectIdParams } from '@figgle/shared/project-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { setBookmark } from './commands/set-bookmark.ts';

/** The star of a project: PUT adds it to the user's favorites, DELETE removes it (both idempotent). */
export async function bookmarkRoutes(app: AppInstance): Promise<void> {
  for (const [method, bookmarked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/projects/:projectId/bookmark',
      schema: { tags: ['projects'], params: projectIdParams },
      handler: async (request) => {
        const user = await requireUser(request);
        const { projectId } = request.params as { projectId: string };
        await setBookmark(app.deps, user, projectId, bookmarked);
        return { project_id: projectId, is_bookmarked: bookmarked };
      },
    });
  }
}
