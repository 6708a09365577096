import {
  acceptInvitationInput,
  invitationLookupInput,
  invitationPreviewSchema,
  inviteMemberInput,
} from '@figgle/shared/organization-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { requireUser } from '../../auth/current-user.ts';
import { acceptInvitation } from './commands/accept-invitation.ts';
import { inviteMember } from './commands/invite-member.ts';
import { openInvitation } from './queries.ts';

export async function invitationRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/organizations/:organizationId/invitations',
    {
      schema: {
        tags: ['invitations'],
        params: z.object({ organizationId: z.uuid() }),
        body: inviteMemberInput,
        response: { 201: z.object({ outcome: z.enum(['added', 'invited']), email: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const result = await inviteMember(
        app.deps,
        request.log,
        user,
        request.params.organizationId,
        request.body,
      );
      return reply.status(201).send(result);
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
      return {
        email: invitation.email,
        firstname: invitation.firstname,
        lastname: invitation.lastname,
        organization_name: invitation.organization_name,
        expires_at: invitation.expires_at.toISOString(),
      };
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      schema: {
        tags: ['invitations'],
        body: acceptInvitationInput,
        response: {
          200: z.object({ organization_id: z.uuid(), email: z.string(), signed_in: z.boolean() }),
        },
      },
    },
    async (request, reply) => {
      const accepted = await acceptInvitation(app.deps, request.body.token, request.body.password);
      if (accepted.sessionCookies.length) reply.header('set-cookie', accepted.sessionCookies);
      return {
        organization_id: accepted.organizationId,
        email: accepted.email,
        signed_in: accepted.accountCreated,
      };
    },
  );
}
