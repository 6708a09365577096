import { TOAST_DURATION_MS } from '@figgle/shared/constants';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { t } from '../lib/i18n/i18n';

// A getter: this module loads before the catalogue; Mantine reads the name when it draws the toast.
const closeButtonProps = {
  get 'aria-label'() {
    return t('ui.closeNotification');
  },
};

export function toastSuccess(message: string): void {
  notifications.show({
    message,
    color: 'teal',
    icon: <IconCheck size={18} stroke={2.25} aria-hidden />,
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    closeButtonProps,
  });
}

export function toastError(message: string): void {
  notifications.show({
    message,
    color: 'red',
    icon: <IconAlertTriangle size={18} stroke={2.25} aria-hidden />,
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    closeButtonProps,
  });
}

/** The error toast with `message` once each time `failed` turns true (a read that failed). */
export function useFailureToast(failed: boolean, message: string): void {
  useEffect(() => {
    if (failed) toastError(message);
  }, [failed, message]);
}

/**
 * A change that the server refused and that was undone: says which change of which task was lost
 * (the title), the failure text under it, and offers Retry. It stays until closed, or until a Retry
 * is saved. One toast per lost change (its id is its title): a Retry refused again says so in the
 * same toast, rather than in a second one while the first leaves.
 */
export function toastRefusedChange({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  /** Sends the change again; true once the server saved it, false when it refused it again. */
  onRetry: () => Promise<boolean>;
}) {
  const id = `refused-change:${title}`;
  const toast = {
    id,
    title,
    message: (
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => {
            void onRetry().then((saved) => {
              if (saved) notifications.hide(id);
            });
          }}
        >
          {t('ui.retry')}
        </Button>
      </Group>
    ),
    color: 'red',
    icon: <IconAlertTriangle size={18} stroke={2.25} aria-hidden />,
    autoClose: false as const,
    withBorder: true,
    closeButtonProps,
  };
  // Shown already: said again in place (show ignores an id it holds); else shown.
  notifications.update(toast);
  notifications.show(toast);
}

/**
 * A newer build of Figgle is installed than the one this page runs: says so and offers Reload. It
 * stays until closed or used (a reload loses nothing: changes wait in the offline copy), and is
 * announced politely, as a status, not as an alert that interrupts.
 */
export function toastNewVersion(onReload: () => void): void {
  notifications.show({
    id: 'figgle-new-version',
    title: t('ui.newVersion'),
    message: (
      <Group gap="xs" justify="space-between" wrap="nowrap">
        {/* The notification's own grey is under 4.5:1 on white; the text colour reads in both schemes. */}
        <Text size="sm" c="var(--mantine-color-text)">
          {t('ui.reloadToUse')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={onReload}>
          {t('ui.reload')}
        </Button>
      </Group>
    ),
    role: 'status',
    color: 'figgle',
    icon: <IconRefresh size={18} stroke={2.25} aria-hidden />,
    autoClose: false,
    withBorder: true,
    closeButtonProps,
  });
}
