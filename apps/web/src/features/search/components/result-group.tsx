import type { SearchAnswer } from '@figgle/shared/search-schemas';
import { Button, Center, Stack, Title } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { t } from '../../../lib/i18n/i18n';

export interface ResultGroupProps<Item> {
  title: string;
  /** The name of its "See more": "See more tasks". */
  seeMoreLabel: string;
  group: UseInfiniteQueryResult<InfiniteData<SearchAnswer>>;
  items: (answer: SearchAnswer) => Item[];
  itemKey: (item: Item) => string;
  render: (item: Item) => ReactNode;
}

/** One kind of result on the search page, 20 at a time with "See more"; nothing when none was found. */
export function ResultGroup<Item>({
  title,
  seeMoreLabel,
  group,
  items,
  itemKey,
  render,
}: ResultGroupProps<Item>) {
  const headingId = useId();
  // A group read again after a live change can repeat an item of a later page: keep the first.
  const seen = new Set<string>();
  const shown = (group.data?.pages.flatMap(items) ?? []).filter((item) => {
    const key = itemKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (shown.length === 0) return null;

  async function seeMore() {
    const pages = group.data?.pages.length ?? 0;
    // A live change reads the shown pages again and cancels a next page being read: wait for the
    // reading in progress (cancelRefetch off) and ask again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const result = await group.fetchNextPage({ cancelRefetch: false });
      if ((result.data?.pages.length ?? 0) > pages || !result.hasNextPage || result.isError) return;
    }
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap={4}>
      <Title id={headingId} order={2} fz="md" fw={600} mb={4}>
        {title}
      </Title>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((item) => (
          <li key={itemKey(item)}>{render(item)}</li>
        ))}
      </Stack>
      {group.hasNextPage ? (
        <Center>
          <Button
            variant="subtle"
            onClick={() => void seeMore()}
            loading={group.isFetchingNextPage}
            aria-label={seeMoreLabel}
          >
            {t('search.seeMore')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
