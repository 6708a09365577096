import { FRESH_SIGN_IN_MINUTES } from '@figgle/shared/password-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { announceSessionsEnded, revokeApiTokensOf, sessionKeyOf } from '../../../auth/session-ended.ts';
import { HttpError } from '../../../http/errors.ts';
import { mailLocale } from '../../../mail/i18n.ts';
import { passwordChangedEmail } from '../password-changed-email.ts';
import type { WrongPasswordLimit } from '../wrong-password-limit.ts';

type Deps = Pick<AppDeps, 'auth' | 'bus' | 'sessionMemory' | 'mailer' | 'env' | 'db'> & {
  /** Wrong current passwords counted per account (password/wrong-password-limit.ts). */
  wrongPasswords: WrongPasswordLimit;
};

export interface PasswordChange {
  currentPassword?: string;
  newPassword: string;
  /** The token of the session making the change: it survives, every other one ends. */
  sessionToken: string;
}

/**
 * Sets the signed-in user's password with better-auth's own hasher. A session alone is not enough,
 * or a stolen one would become the account for good (and its new password would then turn TOTP
 * off): an account with a password gives the current one; an account without one (Google, OIDC,
 * a magic link) needs a sign-in of the last minutes. Every other session of the account ends, as
 * after a reset, and the owner is told by email. Two-factor settings are left as they are.
 */
export async function changePassword(deps: Deps, user: CurrentUser, change: PasswordChange): Promise<void> {
  const context = await deps.auth.$context;
  const accountId = user.auth_user_id;
  const credential = await context.internalAdapter.findCredentialAccount(accountId);
  if (credential?.password) {
    deps.wrongPasswords.check(accountId);
    if (!change.currentPassword) {
      throw new HttpError(400, 'current_password_required', 'Enter your current password.');
    }
    // Reserved before the check, so checks sent at once are judged one by one (issue 37, item 3).
    deps.wrongPasswords.reserve(accountId);
    let right: boolean;
    try {
      right = await context.password.verify({ hash: credential.password, password: change.currentPassword });
    } finally {
      deps.wrongPasswords.release(accountId);
    }
    if (!right) {
      deps.wrongPasswords.fail(accountId);
      throw new HttpError(400, 'wrong_password', 'The current password is not correct.');
    }
    deps.wrongPasswords.succeed(accountId);
  } else {
    const found = await context.internalAdapter.findSession(change.sessionToken);
    const signedInAt = found ? new Date(found.session.createdAt).getTime() : 0;
    if (Date.now() - signedInAt > FRESH_SIGN_IN_MINUTES * 60_000) {
      throw new HttpError(
        403,
        'sign_in_again',
        `To set a password, sign in again: your account has none, and your last sign-in is more than ${FRESH_SIGN_IN_MINUTES} minutes old.`,
      );
    }
  }

  const hash = await context.password.hash(change.newPassword);
  if (credential) {
    await context.internalAdapter.updateAccount(credential.id, { password: hash });
  } else {
    await context.internalAdapter.linkAccount({
      userId: accountId,
      providerId: 'credential',
      accountId,
      password: hash,
    });
  }
  const sessions = await context.internalAdapter.listSessions(accountId);
  const others = sessions.map((session) => session.token).filter((token) => token !== change.sessionToken);
  if (others.length) await context.internalAdapter.deleteSessions(others);
  await revokeApiTokensOf(deps.db, accountId);
  announceSessionsEnded(deps, { authUserId: accountId, except: sessionKeyOf(change.sessionToken) });
  deps.mailer.sendInBackground(
    passwordChangedEmail(user.email, deps.env.PUBLIC_URL, mailLocale(user.locale)),
  );
}
