import {
  acceptedInvitationSchema,
  acceptInvitationInput,
  invitationLookupInput,
  invitationParams,
  invitationPreviewSchema,
  inviteMemberInput,
  pendingInvitationSchema,
} from '@figgle/shared/invitation-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorize } from '../../policies/authorize.ts';
import { acceptInvitation } from './commands/accept-invitation.ts';
import { inviteMember } from './commands/invite-member.ts';
import { revokeInvitation } from './commands/revoke-invitation.ts';
import {
  presentAcceptedInvitation,
  presentInvitationPreview,
  presentPendingInvitation,
} from './presenter.ts';
import { accountExists, openInvitation, pendingInvitationsOf } from './queries.ts';

const organizationParams = z.object({ organizationId: z.uuid() });

export async function invitationRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/organizations/:organizationId/invitations',
    {
      schema: {
        tags: ['invitations'],
        params: organizationParams,
        body: inviteMemberInput,
        response: { 201: pendingInvitationSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const invitation = await inviteMember(app.deps, user, {
        organizationId: request.params.organizationId,
        ...request.body,
      });
      return reply.status(201).send(invitation);
    },
  );

  app.get(
    '/api/organizations/:organizationId/invitations',
    {
      schema: {
        tags: ['invitations'],
        params: organizationParams,
        response: { 200: z.array(pendingInvitationSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { organizationId } = request.params;
      await authorize(app.deps.db, user, 'organization.listInvitations', organizationId);
      return (await pendingInvitationsOf(app.deps.db, organizationId)).map(presentPendingInvitation);
    },
  );

  app.delete(
    '/api/organizations/:organizationId/invitations/:invitationId',
    {
      schema: { tags: ['invitations'], params: invitationParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { organizationId, invitationId } = request.params;
      await revokeInvitation(app.deps, user, { organizationId, invitationId });
      return reply.status(204).send(null);
    },
  );

  // Public: the token in the body is the credential. POST keeps it out of URLs and access logs.
  app.post(
    '/api/invitations/lookup',
    {
      schema: {
        tags: ['invitations'],
        body: invitationLookupInput,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request) => {
      const invitation = await openInvitation(app.deps.db, request.body.token);
      return presentInvitationPreview(invitation, await accountExists(app.deps.db, invitation.email));
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      schema: {
        tags: ['invitations'],
        body: acceptInvitationInput,
        response: { 200: acceptedInvitationSchema },
      },
    },
    async (request, reply) => {
      const accepted = await acceptInvitation(app.deps, request.body);
      if (accepted.sessionCookies.length) reply.header('set-cookie', accepted.sessionCookies);
      return presentAcceptedInvitation(accepted);
    },
  );
}
