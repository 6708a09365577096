import {
  figmaOAuthCallbackQuery,
  figmaOAuthNoticesSchema,
  figmaOAuthStartedSchema,
  figmaOAuthStatusSchema,
} from '@figgle/shared/figma-oauth-schemas';
import { organizationIdParams } from '@figgle/shared/figma-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireSessionUser, requireUser } from '../../auth/current-user.ts';
import { sessionTokenOf } from '../../auth/session-lookup.ts';
import { isOAuthConfigured } from '../../figma/oauth-client.ts';
import { unauthorized } from '../../http/errors.ts';
import { fileAnswer, noContent } from '../../http/response-schemas.ts';
import { authorize } from '../../policies/authorize.ts';
import { disconnectFigmaOAuth } from './commands/disconnect-figma-oauth.ts';
import { finishFigmaOAuth } from './commands/finish-figma-oauth.ts';
import { startFigmaOAuth } from './commands/start-figma-oauth.ts';
import { presentConnection, presentNotices } from './presenter.ts';
import { brokenConnectionsOwnedBy, connectionOf, hasOwnerToken } from './queries.ts';

const tags = ['figma'];

/**
 * Where the browser lands after Figma: a page that goes on at once to the settings page, told how it
 * went (a page rather than a 302, so the answer is a success the API description can show).
 */
const backToSettings = fileAnswer('text/html', 'A page that goes on to the Figma settings page.');

function settingsPage(outcome: 'connected' | 'denied'): string {
  const target = `/settings/figma?figma_oauth=${outcome}`;
  const words =
    outcome === 'connected' ? 'Figma is connected.' : 'Figma was not connected: access was denied.';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>Figgle</title></head><body><p>${words} <a href="${target}">Back to the Figma settings</a></p></body></html>`;
}

export async function figmaOAuthRoutes(app: AppInstance): Promise<void> {
  const sessionOf = async (cookie: string | undefined) => {
    const token = await sessionTokenOf(app.deps.auth, cookie);
    if (!token) throw unauthorized('Connecting Figma needs a signed-in browser session.');
    return token;
  };

  app.get(
    '/api/organizations/:organizationId/figma-oauth',
    { schema: { tags, params: organizationIdParams, response: { 200: figmaOAuthStatusSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { organizationId } = request.params;
      await authorize(app.deps.db, user, 'organization.setFigmaTeam', organizationId);
      const [connection, fallback] = await Promise.all([
        connectionOf(app.deps.db, organizationId),
        hasOwnerToken(app.deps.db, organizationId),
      ]);
      return {
        organization_id: organizationId,
        configured: isOAuthConfigured(app.deps.env),
        connection: connection ? presentConnection(connection) : null,
        personal_token_fallback: fallback,
      };
    },
  );

  app.post(
    '/api/organizations/:organizationId/figma-oauth',
    { schema: { tags, params: organizationIdParams, response: { 200: figmaOAuthStartedSchema } } },
    async (request) => {
      const user = await requireSessionUser(request);
      const sessionToken = await sessionOf(request.headers.cookie);
      return startFigmaOAuth(app.deps, user, { organizationId: request.params.organizationId, sessionToken });
    },
  );

  app.delete(
    '/api/organizations/:organizationId/figma-oauth',
    { schema: { tags, params: organizationIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await disconnectFigmaOAuth(app.deps, user, { organizationId: request.params.organizationId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/figma/oauth/callback',
    { schema: { tags, querystring: figmaOAuthCallbackQuery, response: { 200: backToSettings } } },
    async (request, reply) => {
      const user = await requireSessionUser(request);
      const sessionToken = await sessionOf(request.headers.cookie);
      const outcome = await finishFigmaOAuth(app.deps, user, { ...request.query, sessionToken });
      return reply.type('text/html; charset=utf-8').send(Buffer.from(settingsPage(outcome)));
    },
  );

  app.get(
    '/api/figma/oauth/notices',
    { schema: { tags, response: { 200: figmaOAuthNoticesSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return presentNotices(await brokenConnectionsOwnedBy(app.deps.db, user.user_id));
    },
  );
}
