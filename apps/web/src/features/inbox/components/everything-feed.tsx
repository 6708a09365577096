import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { toastError } from '../../../ui/toast';
import { useInbox } from '../api/list-inbox';
import { useMarkInboxSeen } from '../api/mark-inbox-seen';
import { InboxEntry } from './inbox-entry';
import { useNow } from './use-now';

/** "Everything": what happened in the user's projects, newest first; showing it clears the sidebar dot. */
export function EverythingFeed() {
  const inbox = useInbox();
  const markSeen = useMarkInboxSeen();
  const now = useNow();

  useEffect(() => {
    if (inbox.isError) toastError(t('messages.error'));
  }, [inbox.isError]);

  // Seen once the first page is shown, and again whenever a newer entry arrives while it is open.
  const newestShown = inbox.isPending ? null : (inbox.data?.pages[0]?.entries[0]?.entry_id ?? '');
  const markedFor = useRef<string | null>(null);
  const { mutate: markInboxSeen } = markSeen;
  useEffect(() => {
    if (newestShown === null || markedFor.current === newestShown) return;
    markedFor.current = newestShown;
    markInboxSeen();
  }, [markInboxSeen, newestShown]);

  // After See more, once the new entries are on screen, the page scrolls to the bottom.
  const scrollAfterLoad = useRef(false);
  const pageCount = inbox.data?.pages.length ?? 0;
  useEffect(() => {
    if (!scrollAfterLoad.current || pageCount === 0) return;
    scrollAfterLoad.current = false;
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
  }, [pageCount]);

  async function seeMore() {
    scrollAfterLoad.current = true;
    const shown = inbox.data?.pages.length ?? 0;
    // New activity reads the shown pages again and cancels a next page being read, so a click made
    // then would do nothing. Wait for a reading in progress (cancelRefetch off), and ask again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const result = await inbox.fetchNextPage({ cancelRefetch: false });
      if ((result.data?.pages.length ?? 0) > shown || !result.hasNextPage || result.isError) return;
    }
  }

  // A page read again after new entries arrived can repeat one of the next page: keep the first.
  const seen = new Set<string>();
  const entries = (inbox.data?.pages.flatMap((page) => page.entries) ?? []).filter((entry) => {
    if (seen.has(entry.entry_id)) return false;
    seen.add(entry.entry_id);
    return true;
  });

  return (
    <>
      {inbox.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('messages.tableLoading')} />
        </Center>
      ) : entries.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack gap={4} align="center">
            <Text fw={500}>{t('messages.tableEmpty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('inbox.everythingEmpty')}
            </Text>
          </Stack>
        </Paper>
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
          {inbox.hasNextPage ? (
            <Center pt="sm">
              <Button variant="light" onClick={() => void seeMore()} loading={inbox.isFetchingNextPage}>
                {t('inbox.seeMore')}
              </Button>
            </Center>
          ) : null}
        </Stack>
      )}
    </>
  );
}
