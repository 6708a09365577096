import { MESSAGES } from '@figgle/shared/constants';
import { confirm } from '../../../ui/confirm/confirm-service';

/**
 * The catalogue's Error dialog for login and magic-link failures: the service message, then
 * '. If the problem persists, contact our support.'; Ok only, no cancel.
 */
export async function showAuthErrorDialog(error: unknown): Promise<void> {
  await confirm({
    title: MESSAGES.errorDialogTitle,
    text: MESSAGES.errorDialogText(error instanceof Error ? error.message : null),
    confirmLabel: MESSAGES.confirmLabel,
    noCancel: true,
  });
}
