import { searchAnswerSchema, searchQuery } from '@figgle/shared/search-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { presentSearch } from './presenter.ts';
import { search } from './search.ts';

export async function searchRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        description:
          'Tasks, comments, projects and people of your organizations matching a text: typos, accents ' +
          'and word beginnings forgiven; a reference (CHE-12, or #12 with context_project_id) first.',
        querystring: searchQuery,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return presentSearch(await search(app.deps.db, user, request.query));
    },
  );
}
