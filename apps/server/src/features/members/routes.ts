import { changeRoleInput, memberSchema } from '@figgle/shared/organization-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorize } from '../../policies/authorize.ts';
import { changeRole } from './commands/change-role.ts';
import { removeMember } from './commands/remove-member.ts';
import { presentMember } from './presenter.ts';
import { membersOf } from './queries.ts';

export async function memberRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/organizations/:organizationId/members',
    {
      schema: {
        tags: ['members'],
        params: z.object({ organizationId: z.uuid() }),
        response: { 200: z.array(memberSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { organizationId } = request.params;
      await authorize(app.deps.db, user, 'organization.read', organizationId);
      return (await membersOf(app.deps.db, organizationId)).map(presentMember);
    },
  );

  app.delete(
    '/api/organizations/:organizationId/members/:ruleId',
    {
      schema: {
        tags: ['members'],
        params: z.object({ organizationId: z.uuid(), ruleId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { organizationId, ruleId } = request.params;
      await removeMember(app.deps, user, { organizationId, ruleId });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/organizations/:organizationId/members/:ruleId',
    {
      schema: {
        tags: ['members'],
        description:
          "Owners make a member an owner or an owner a member (stepping down is changing one's own " +
          'rule); the last owner stays an owner (409).',
        params: z.object({ organizationId: z.uuid(), ruleId: z.uuid() }),
        body: changeRoleInput,
        response: { 200: memberSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { organizationId, ruleId } = request.params;
      const changed = await changeRole(app.deps, user, { organizationId, ruleId, role: request.body.role });
      const member = (await membersOf(app.deps.db, organizationId)).find(
        (row) => row.user_id === changed.userId,
      );
      if (!member) throw notFound('Member');
      return presentMember(member);
    },
  );
}
