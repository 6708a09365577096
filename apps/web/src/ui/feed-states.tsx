import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { t } from '../lib/i18n/i18n';

/** A feed before its first page answers: a small spinner, named for screen readers. */
export function FeedLoading() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={t('messages.tableLoading')} />
    </Center>
  );
}

/**
 * A feed with nothing in it, in a frame: what is missing ("It's empty!" unless told), what would be
 * here, and below, where given, the way to fill it.
 */
export function EmptyFeed({ title, hint, children }: { title?: string; hint: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap={4} align="center">
        <Text fw={500}>{title ?? t('messages.tableEmpty')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {hint}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** The button under a feed that reads its next page, there only while the server has one. */
export function SeeMore({
  feed,
  onMore,
  label,
}: {
  feed: { hasNextPage: boolean; isFetchingNextPage: boolean };
  onMore: () => void;
  label: string;
}) {
  if (!feed.hasNextPage) return null;
  return (
    <Center pt="sm">
      <Button variant="light" onClick={onMore} loading={feed.isFetchingNextPage}>
        {label}
      </Button>
    </Center>
  );
}

/**
 * After See more, once the next page is on screen (`pageCount` grew), the window scrolls to the
 * bottom, to the entries it brought. Call the function it gives when asking for the next page.
 */
export function useScrollAfterMore(pageCount: number): () => void {
  const scrollAfterLoad = useRef(false);
  useEffect(() => {
    if (!scrollAfterLoad.current || pageCount === 0) return;
    scrollAfterLoad.current = false;
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
  }, [pageCount]);
  return () => {
    scrollAfterLoad.current = true;
  };
}
