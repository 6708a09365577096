import { bookmarkStateSchema, projectIdParams } from '@figgle/shared/project-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { setBookmark } from './commands/set-bookmark.ts';
import { presentBookmark } from './presenter.ts';

/** The star of a project: PUT adds it to the user's favorites, DELETE removes it (both idempotent). */
export async function bookmarkRoutes(app: AppInstance): Promise<void> {
  for (const [method, bookmarked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/projects/:projectId/bookmark',
      schema: { tags: ['projects'], params: projectIdParams, response: { 200: bookmarkStateSchema } },
      handler: async (request) => {
        const user = await requireUser(request);
        const { projectId } = request.params;
        await setBookmark(app.deps, user, { projectId, bookmarked });
        return presentBookmark(projectId, bookmarked);
      },
    });
  }
}
