import { MESSAGES } from '@figgle/shared/constants';
import { confirm } from '../../../ui/confirm/confirm-service';

/**
 * The catalogue's Error dialog (accounts-admin §8) for invite, revoke and password failures:
 * "{message}. If the problem persists, contact our support." with no cancel.
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
