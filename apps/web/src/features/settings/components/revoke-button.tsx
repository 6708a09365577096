import { Button } from '@mantine/core';
import { refusalText } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';

const reason = (error: unknown) => refusalText(error, t('settings.reloadAndRetry'));

/**
 * Revoke in a row of secrets (a token, a calendar feed): asked first, then a toast that says it is
 * done or why not.
 */
export function RevokeButton({
  ariaLabel,
  question,
  done,
  pending,
  revoke,
}: {
  ariaLabel: string;
  question: { title: string; text: string };
  /** The toast once it is revoked. */
  done: string;
  pending: boolean;
  revoke: () => Promise<unknown>;
}) {
  async function askToRevoke() {
    const sure = await confirm({ ...question, confirmLabel: t('settings.revoke') });
    if (!sure) return;
    // Awaited rather than mutate's callbacks: the row leaves the list on success, and callbacks of
    // an unmounted component's mutate never run.
    try {
      await revoke();
      toastSuccess(done);
    } catch (error) {
      toastError(reason(error));
    }
  }

  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      aria-label={ariaLabel}
      loading={pending}
      onClick={askToRevoke}
    >
      {t('settings.revoke')}
    </Button>
  );
}
