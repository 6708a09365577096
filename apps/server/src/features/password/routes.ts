import { changePasswordInput } from '@figgle/shared/organization-schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { requireUser } from '../../auth/current-user.ts';
import { changePassword } from './commands/change-password.ts';

export async function passwordRoutes(app: AppInstance): Promise<void> {
  /** The token of the session making the request: it survives the change, the others end. */
  async function sessionTokenOf(request: FastifyRequest): Promise<string | null> {
    const headers = new Headers();
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    const session = await app.deps.auth.api.getSession({ headers });
    return session?.session.token ?? null;
  }

  app.post(
    '/api/me/password',
    {
      schema: { tags: ['me'], body: changePasswordInput, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await changePassword(app.deps, user, request.body.newPassword, await sessionTokenOf(request));
      return reply.status(204).send(null);
    },
  );
}
