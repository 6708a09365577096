import type { CalendarFeedView } from '@figgle/shared/calendar-feed-schemas';
import { relativeTime } from '@figgle/shared/relative-time';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';

const reason = (error: unknown) =>
  error instanceof ApiRequestError && error.statusCode < 500
    ? error.message
    : 'Sorry, something went wrong. Please reload the page and try again.';

const feedName = (feed: CalendarFeedView) =>
  feed.project_name ? `Project ${feed.project_name}` : 'My tasks';

/** The person's feeds: what each shows, when it was made, and a way to end it. */
export function CalendarFeedsTable({ feeds }: { feeds: CalendarFeedView[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" aria-label="Calendar feeds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Feed</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
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

  async function askToRevoke() {
    const sure = await confirm({
      title: `Revoke the calendar feed “${name}”?`,
      text: 'Calendars subscribed to its address stop receiving due dates from their next fetch. This cannot be undone: a new address would have to be created.',
      confirmLabel: 'Revoke',
    });
    if (!sure) return;
    try {
      await revoke.mutateAsync(feed.calendar_feed_id);
      toastSuccess(`The calendar feed “${name}” has been revoked.`);
    } catch (error) {
      toastError(reason(error));
    }
  }

  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={500}>
          {name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={new Date(feed.created_at).toLocaleString()}>
          {relativeTime(feed.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={`Revoke the calendar feed ${name}`}
          loading={revoke.isPending}
          onClick={askToRevoke}
        >
          Revoke
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
