import {
  figmaOrganizationSettingsSchema,
  figmaSettingsSchema,
  figmaTeamSavedSchema,
  figmaTokenStatusSchema,
  organizationIdParams,
  saveFigmaTokenInput,
  setFigmaReplyOnDoneInput,
  setFigmaTeamInput,
} from '@figgle/shared/figma-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { noContent } from '../../http/response-schemas.ts';
import { clearFigmaToken, saveFigmaToken } from './commands/save-figma-token.ts';
import { setFigmaTeam } from './commands/set-figma-team.ts';
import { setReplyOnDone } from './commands/set-reply-on-done.ts';
import { presentOrganizationSettings, presentTokenStatus } from './presenter.ts';
import { ownedOrganizations, tokenStatusOf } from './queries.ts';

const tags = ['figma'];

export async function figmaSettingsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/figma/settings',
    { schema: { tags, response: { 200: figmaSettingsSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const [token, organizations] = await Promise.all([
        tokenStatusOf(app.deps.db, user.user_id),
        ownedOrganizations(app.deps.db, user.user_id),
      ]);
      return {
        token: presentTokenStatus(token),
        organizations: organizations.map(presentOrganizationSettings),
      };
    },
  );

  app.get(
    '/api/me/figma-token',
    { schema: { tags, response: { 200: figmaTokenStatusSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return presentTokenStatus(await tokenStatusOf(app.deps.db, user.user_id));
    },
  );

  app.put(
    '/api/me/figma-token',
    { schema: { tags, body: saveFigmaTokenInput, response: { 200: figmaTokenStatusSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return presentTokenStatus(await saveFigmaToken(app.deps, user, { token: request.body.token }));
    },
  );

  app.delete(
    '/api/me/figma-token',
    { schema: { tags, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await clearFigmaToken(app.deps, user);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/organizations/:organizationId/figma-team',
    {
      schema: {
        tags,
        params: organizationIdParams,
        body: setFigmaTeamInput,
        response: { 200: figmaTeamSavedSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return setFigmaTeam({ ...app.deps, log: request.log }, user, {
        organizationId: request.params.organizationId,
        teamId: request.body.figma_team_id,
      });
    },
  );

  app.put(
    '/api/organizations/:organizationId/figma-reply-on-done',
    {
      schema: {
        tags,
        params: organizationIdParams,
        body: setFigmaReplyOnDoneInput,
        response: { 200: figmaOrganizationSettingsSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return setReplyOnDone(app.deps, user, {
        organizationId: request.params.organizationId,
        enabled: request.body.enabled,
      });
    },
  );
}
