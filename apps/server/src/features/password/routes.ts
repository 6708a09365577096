import { changePasswordInput } from '@figgle/shared/organization-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { requireUser } from '../../auth/current-user.ts';
import { changePassword } from './commands/change-password.ts';

export async function passwordRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/me/password',
    {
      schema: { tags: ['me'], body: changePasswordInput, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await changePassword(app.deps, user, request.body.newPassword);
      return reply.status(204).send(null);
    },
  );
}
