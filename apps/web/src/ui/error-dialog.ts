import { t } from '../lib/i18n/i18n';
import { confirm } from './confirm/confirm-service';

/**
 * The catalogue's Error dialog for a failed sign-in, invitation, revocation or password change:
 * "{message}. If the problem persists, contact our support." with Ok and no cancel.
 */
export async function showErrorDialog(error: unknown): Promise<void> {
  const text = (error instanceof Error ? error.message : null)?.trim() || t('messages.error');
  // The message as a sentence, as the catalogue's English has always read it.
  const message = /[.!?]$/.test(text) ? text : `${text}.`;
  await confirm({
    title: t('messages.errorDialogTitle'),
    text: t('messages.errorDialogText', { message }),
    confirmLabel: t('messages.confirmLabel'),
    noCancel: true,
  });
}
