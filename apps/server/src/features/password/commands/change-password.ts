import type { AppDeps } from '../../../app.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';

/**
 * Sets the signed-in user's password with better-auth's own hasher. It needs no current password:
 * the Password page also serves accounts that never had one (Google, OIDC, an invitation) and
 * people who arrived through a reset link (accounts-admin §2 "Settings").
 */
export async function changePassword(
  { auth }: Pick<AppDeps, 'auth'>,
  user: CurrentUser,
  newPassword: string,
): Promise<void> {
  const context = await auth.$context;
  const hash = await context.password.hash(newPassword);
  const credential = await context.internalAdapter.findCredentialAccount(user.auth_user_id);
  if (credential) {
    await context.internalAdapter.updateAccount(credential.id, { password: hash });
    return;
  }
  await context.internalAdapter.linkAccount({
    userId: user.auth_user_id,
    providerId: 'credential',
    accountId: user.auth_user_id,
    password: hash,
  });
}
