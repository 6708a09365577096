import type { AppDeps } from '../../../app.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';

/**
 * Sets the signed-in user's password with better-auth's own hasher. It needs no current password:
 * the Password page also serves accounts that never had one (Google, OIDC, an invitation) and
 * people who arrived through a reset link (accounts-admin §2 "Settings"). Every other session of
 * the account ends, as after a reset: whoever knew the old password is signed out; this one stays.
 */
export async function changePassword(
  { auth }: Pick<AppDeps, 'auth'>,
  user: CurrentUser,
  newPassword: string,
  currentSessionToken: string | null,
): Promise<void> {
  const context = await auth.$context;
  const hash = await context.password.hash(newPassword);
  const credential = await context.internalAdapter.findCredentialAccount(user.auth_user_id);
  if (credential) {
    await context.internalAdapter.updateAccount(credential.id, { password: hash });
  } else {
    await context.internalAdapter.linkAccount({
      userId: user.auth_user_id,
      providerId: 'credential',
      accountId: user.auth_user_id,
      password: hash,
    });
  }
  const sessions = await context.internalAdapter.listSessions(user.auth_user_id);
  const others = sessions.map((session) => session.token).filter((token) => token !== currentSessionToken);
  if (others.length) await context.internalAdapter.deleteSessions(others);
}
