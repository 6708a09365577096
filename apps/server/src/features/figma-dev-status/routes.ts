import { figmaReadyRuleInputSchema, figmaReadyRuleViewSchema } from '@figgle/shared/figma-dev-status-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { authorizeInProject } from '../../policies/authorize.ts';
import { setReadyRule } from './commands/set-ready-rule.ts';
import { presentReadyRule } from './presenter.ts';
import { readyRuleOf } from './queries.ts';

const params = z.object({ projectId: z.uuid() });

/** The project's Ready-for-dev rule (docs/figma-api.md#dev-mode-status). */
export async function figmaDevStatusRoutes(app: AppInstance): Promise<void> {
  const load = async (projectId: string) => {
    const row = await readyRuleOf(app.deps.db, projectId);
    if (!row) throw notFound('Project');
    return presentReadyRule(row);
  };

  app.get(
    '/api/projects/:projectId/figma-ready-rule',
    { schema: { tags: ['figma'], params, response: { 200: figmaReadyRuleViewSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeInProject(app.deps.db, user, 'project.read', request.params.projectId);
      return load(request.params.projectId);
    },
  );

  app.put(
    '/api/projects/:projectId/figma-ready-rule',
    {
      schema: {
        tags: ['figma'],
        params,
        body: figmaReadyRuleInputSchema,
        response: { 200: figmaReadyRuleViewSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await setReadyRule(app.deps, user, { projectId: request.params.projectId, rule: request.body });
      return load(request.params.projectId);
    },
  );
}
