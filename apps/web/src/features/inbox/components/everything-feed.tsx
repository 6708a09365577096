import { Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { EmptyFeed, FeedLoading, SeeMore, useScrollAfterMore } from '../../../ui/feed-states';
import { useFailureToast } from '../../../ui/toast';
import { useInbox } from '../api/list-inbox';
import { useMarkInboxSeen } from '../api/mark-inbox-seen';
import { feedEntries } from './feed-entries';
import { InboxEntry } from './inbox-entry';
import { useNow } from './use-now';

/** "Everything": what happened in the user's projects, newest first; showing it clears the sidebar dot. */
export function EverythingFeed() {
  const inbox = useInbox();
  const markSeen = useMarkInboxSeen();
  const now = useNow();

  useFailureToast(inbox.isError, t('messages.error'));

  // Seen once the first page is shown, and again whenever a newer entry arrives while it is open.
  const newestShown = inbox.isPending ? null : (inbox.data?.pages[0]?.entries[0]?.entry_id ?? '');
  const markedFor = useRef<string | null>(null);
  const { mutate: markInboxSeen } = markSeen;
  useEffect(() => {
    if (newestShown === null || markedFor.current === newestShown) return;
    markedFor.current = newestShown;
    markInboxSeen();
  }, [markInboxSeen, newestShown]);

  const scrollAfterMore = useScrollAfterMore(inbox.data?.pages.length ?? 0);

  async function seeMore() {
    scrollAfterMore();
    const shown = inbox.data?.pages.length ?? 0;
    // New activity reads the shown pages again and cancels a next page being read, so a click made
    // then would do nothing. Wait for a reading in progress (cancelRefetch off), and ask again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const result = await inbox.fetchNextPage({ cancelRefetch: false });
      if ((result.data?.pages.length ?? 0) > shown || !result.hasNextPage || result.isError) return;
    }
  }

  const entries = feedEntries(inbox.data?.pages, (entry) => entry.entry_id);

  return (
    <>
      {inbox.isPending ? (
        <FeedLoading />
      ) : entries.length === 0 ? (
        <EmptyFeed hint={t('inbox.everythingEmpty')} />
      ) : (
        <Stack gap="xs">
          <Stack
            component="ol"
            gap="xs"
            aria-label={t('inbox.notifications')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {entries.map((entry) => (
              <InboxEntry key={entry.entry_id} entry={entry} now={now} />
            ))}
          </Stack>
          <SeeMore feed={inbox} onMore={() => void seeMore()} label={t('inbox.seeMore')} />
        </Stack>
      )}
    </>
  );
}
