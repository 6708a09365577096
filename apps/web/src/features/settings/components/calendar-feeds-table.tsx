import type { CalendarFeedView } from '@figgle/shared/calendar-feed-schemas';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import { RevokeButton } from './revoke-button';

const feedName = (feed: CalendarFeedView) =>
  feed.project_name ? t('settings.projectNamed', { name: feed.project_name }) : t('settings.myTasks');

/** The person's feeds: what each shows, when it was made, and a way to end it. */
export function CalendarFeedsTable({ feeds }: { feeds: CalendarFeedView[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" aria-label={t('settings.calendarFeeds')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.feed')}</Table.Th>
            <Table.Th>{t('settings.created')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('settings.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {feeds.map((feed) => (
            <CalendarFeedRow key={feed.calendar_feed_id} feed={feed} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
        <Text size="sm" title={new Date(feed.created_at).toLocaleString(intlLocale())}>
          {relativeTime(feed.created_at)}
        </Text>
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
