import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { encryptToken, redactToken } from '../../../figma/token-crypto.ts';

/** Stores the user's personal token encrypted; only its redacted form is kept in clear. */
export async function saveFigmaToken(
  { db, env }: Pick<AppDeps, 'db' | 'env'>,
  user: CurrentUser,
  { token }: { token: string },
): Promise<{ figma_token_encrypted: string; figma_token_redacted: string }> {
  const values = {
    figma_token_encrypted: encryptToken(token, env.SECRET),
    figma_token_redacted: redactToken(token),
  };
  await db
    .updateTable('app_user')
    .set({ ...values, updated_at: new Date() })
    .where('user_id', '=', user.user_id)
    .execute();
  return values;
}

export async function clearFigmaToken({ db }: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ figma_token_encrypted: null, figma_token_redacted: null, updated_at: new Date() })
    .where('user_id', '=', user.user_id)
    .execute();
}
