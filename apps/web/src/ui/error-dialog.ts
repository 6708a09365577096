import { MESSAGES } from '@figgle/shared/constants';
import { confirm } from './confirm/confirm-service';

/**
 * The catalogue's Error dialog for a failed sign-in, invitation, revocation or password change:
 * "{message}. If the problem persists, contact our support." with Ok and no cancel.
 */
export async function showErrorDialog(error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : null;
  await confirm({
    title: MESSAGES.errorDialogTitle,
    text: MESSAGES.errorDialogText(message),
    confirmLabel: MESSAGES.confirmLabel,
    noCancel: true,
  });
}
