import type { AppDeps } from '../../app-types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';

/** Whether the account signs in with a password too (not only Google, OIDC or a magic link). */
export async function hasPassword({ auth }: Pick<AppDeps, 'auth'>, user: CurrentUser): Promise<boolean> {
  const context = await auth.$context;
  const credential = await context.internalAdapter.findCredentialAccount(user.auth_user_id);
  return !!credential?.password;
}
