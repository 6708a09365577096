import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { t } from '../lib/i18n/i18n';

/** How long an undo is offered: long enough to notice a mistake and reach the button. */
const UNDO_TOAST_MS = 10_000;

/**
 * "Changed 24 tasks" with an Undo button, for UNDO_TOAST_MS (longer than the other toasts: it is the
 * only way back). The button reads "Undo: changed 24 tasks" to screen readers; it closes the toast.
 */
export function toastUndo(message: string, onUndo: () => void): void {
  const id = notifications.show({
    message: (
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          aria-label={t('ui.undoAction', { action: `${message.charAt(0).toLowerCase()}${message.slice(1)}` })}
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          {t('ui.undo')}
        </Button>
      </Group>
    ),
    color: 'teal',
    autoClose: UNDO_TOAST_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': t('ui.closeNotification') },
  });
}
