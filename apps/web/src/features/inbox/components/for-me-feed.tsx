import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { EmptyFeed, FeedLoading, SeeMore } from '../../../ui/feed-states';
import { toastError, useFailureToast } from '../../../ui/toast';
import { useNotifications } from '../api/list-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { feedEntries } from './feed-entries';
import { ForMeEntry } from './for-me-entry';
import { useNow } from './use-now';

interface ForMeFeedProps {
  /** The sidebar's dot is lit: there is activity in Everything since the last visit. */
  newInEverything: boolean;
  onOpenEverything: () => void;
}

/**
 * Said in "For me" when nothing there is unread but the sidebar's dot is lit: the dot stands for new
 * activity in Everything, so the inbox says where it is rather than "Nothing for you yet" alone.
 */
function NewInEverything({ onOpen }: { onOpen: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm" role="status">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('inbox.newInEverything')}</Text>
        <Button variant="light" size="compact-sm" onClick={onOpen}>
          {t('inbox.openEverything')}
        </Button>
      </Group>
    </Paper>
  );
}

/** "For me": mentions, assignments and changes to the tasks the person watches; unread until opened. */
export function ForMeFeed({ newInEverything, onOpenEverything }: ForMeFeedProps) {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const now = useNow();

  useFailureToast(notifications.isError, t('messages.error'));

  const entries = feedEntries(notifications.data?.pages, (entry) => entry.notification_id);
  const anyUnread = entries.some((entry) => !entry.read);

  if (notifications.isPending) {
    return <FeedLoading />;
  }
  const pointToEverything =
    newInEverything && !anyUnread ? <NewInEverything onOpen={onOpenEverything} /> : null;
  if (entries.length === 0) {
    return (
      <Stack gap="xs">
        {pointToEverything}
        <EmptyFeed title={t('inbox.nothingForYou')} hint={t('inbox.forMeEmpty')} />
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {pointToEverything}
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={!anyUnread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: () => toastError(t('messages.error')) })}
        >
          {t('inbox.markAllRead')}
        </Button>
      </Group>
      <Stack
        component="ol"
        gap="xs"
        aria-label={t('inbox.forMe')}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {entries.map((entry) => (
          <ForMeEntry
            key={entry.notification_id}
            entry={entry}
            now={now}
            onOpen={(id) => markRead.mutate(id)}
          />
        ))}
      </Stack>
      <SeeMore
        feed={notifications}
        onMore={() => void notifications.fetchNextPage()}
        label={t('inbox.seeMore')}
      />
    </Stack>
  );
}
