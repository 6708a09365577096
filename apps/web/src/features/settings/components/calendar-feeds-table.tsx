import type { CalendarFeedView } from '@figgle/shared/calendar-feed-schemas';
import { Table, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import { RevokeButton } from './revoke-button';
import { SecretsTable, SecretTime } from './secrets-table';

const feedName = (feed: CalendarFeedView) =>
  feed.project_name ? t('settings.projectNamed', { name: feed.project_name }) : t('settings.myTasks');

/** The person's feeds: what each shows, when it was made, and a way to end it. */
export function CalendarFeedsTable({ feeds }: { feeds: CalendarFeedView[] }) {
  return (
    <SecretsTable
      label={t('settings.calendarFeeds')}
      minWidth={320}
      columns={[{ heading: t('settings.feed') }, { heading: t('settings.created') }]}
    >
      {feeds.map((feed) => (
        <CalendarFeedRow key={feed.calendar_feed_id} feed={feed} />
      ))}
    </SecretsTable>
  );
}

function CalendarFeedRow({ feed }: { feed: CalendarFeedView }) {
  const revoke = useRevokeCalendarFeed();
  const name = feedName(feed);

  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={500}>
          {name}
        </Text>
      </Table.Td>
      <Table.Td>
        <SecretTime at={feed.created_at} />
      </Table.Td>
      <Table.Td>
        <RevokeButton
          ariaLabel={t('settings.revokeFeedAria', { name })}
          question={{ title: t('settings.revokeFeedTitle', { name }), text: t('settings.revokeFeedText') }}
          done={t('settings.feedRevoked', { name })}
          pending={revoke.isPending}
          revoke={() => revoke.mutateAsync(feed.calendar_feed_id)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
