import { Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { onlineManager, useMutationState } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { t } from '../i18n/i18n';
import classes from './offline-banner.module.css';

function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** Says the app is offline, showing the last data, and how many changes wait for the network. */
export function OfflineBanner() {
  const online = useOnline();
  const waiting = useMutationState({
    filters: { status: 'pending' },
    select: (m) => m.state.isPaused,
  }).filter(Boolean).length;
  if (online) return null;
  return (
    <div className={classes.banner} role="status">
      <Group gap={8} justify="center" wrap="nowrap">
        <IconCloudOff size={16} aria-hidden />
        <Text size="sm" fw={500}>
          {t('lib.offline')}{' '}
          {waiting > 0 ? t('lib.offlineWaiting', { count: waiting }) : t('lib.offlineChangesSent')}
        </Text>
      </Group>
    </div>
  );
}
