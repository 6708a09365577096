import { changePasswordInput, passwordStatusSchema } from '@figgle/shared/password-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { sessionTokenOf } from '../../auth/session-lookup.ts';
import { unauthorized } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { changePassword } from './commands/change-password.ts';
import { presentPasswordStatus } from './presenter.ts';
import { hasPassword } from './queries.ts';
import { WrongPasswordLimit } from './wrong-password-limit.ts';

export async function passwordRoutes(app: AppInstance): Promise<void> {
  const wrongPasswords = new WrongPasswordLimit();

  app.get(
    '/api/me/password',
    { schema: { tags: ['me'], response: { 200: passwordStatusSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return presentPasswordStatus(await hasPassword(app.deps, user));
    },
  );

  app.post(
    '/api/me/password',
    {
      config: { sessionOnly: true }, // the session is what the new password keeps; a token has none
      schema: { tags: ['me'], body: changePasswordInput, response: { 204: noContent } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const sessionToken = await sessionTokenOf(app.deps.auth, request.headers.cookie);
      if (!sessionToken) throw unauthorized();
      await changePassword({ ...app.deps, wrongPasswords }, user, { ...request.body, sessionToken });
      return reply.status(204).send(null);
    },
  );
}
