import { linkedTaskSchema, linkedTasksQuery } from '@figgle/shared/figma-plugin-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { preflightHeaders } from './plugin-cors.ts';
import { presentLinkedTask } from './presenter.ts';
import { linkedTasksOf } from './queries.ts';

const tags = ['figma plugin'];

/** What the Figma plugin (apps/figma-plugin) needs beyond the routes the web app uses too. */
export async function figmaPluginApiRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.deps;

  app.get(
    '/api/figma/linked-tasks',
    {
      schema: {
        tags,
        description:
          'The tasks of your organizations linked to any of node_ids (the selected node, then its parents) in the Figma file file_key.',
        querystring: linkedTasksQuery,
        response: { 200: z.array(linkedTaskSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { file_key, node_ids } = request.query;
      const rows = await linkedTasksOf(db, user.user_id, file_key, node_ids);
      return rows.map((row) => presentLinkedTask(row, env.PUBLIC_URL));
    },
  );

  // The plugin's iframe (Origin: null) asks before each call with its API token (plugin-cors.ts).
  app.options(
    '/api/*',
    {
      schema: {
        tags,
        description:
          "CORS preflight for the Figma plugin's routes when the Authorization header is asked for; any other path is a 404.",
        params: z.object({ '*': z.string().max(600) }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const path = `/api/${request.params['*']}`;
      const headers = preflightHeaders(request, path);
      if (headers === null) throw notFound('Route');
      return reply.status(204).headers(headers).send(null);
    },
  );
}
