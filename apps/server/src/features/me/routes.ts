import { meSchema, updateMeInput } from '@figgle/shared/me-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { updateMe } from './commands/update-me.ts';
import { presentMe } from './presenter.ts';
import { accountFactsOf, settledOnboardingFlag } from './queries.ts';

export async function meRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/api/me', { schema: { tags: ['me'], response: { 200: meSchema } } }, async (request) => {
    const user = await requireUser(request);
    const [facts, needsOnboarding] = await Promise.all([
      accountFactsOf(db, user.auth_user_id),
      settledOnboardingFlag(db, user),
    ]);
    return presentMe(user, facts, needsOnboarding);
  });

  app.patch(
    '/api/me',
    { schema: { tags: ['me'], body: updateMeInput, response: { 200: meSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const updated = await updateMe(app.deps, user, request.body);
      const [facts, needsOnboarding] = await Promise.all([
        accountFactsOf(db, updated.auth_user_id),
        settledOnboardingFlag(db, updated),
      ]);
      return presentMe(updated, facts, needsOnboarding);
    },
  );
}
