import { TOAST_DURATION_MS } from '@figgle/shared/constants';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';

const closeButtonProps = { 'aria-label': 'Close notification' };

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
