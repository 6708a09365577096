import { Skeleton, Stack, type StackProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface CardListProps<Item> extends Pick<StackProps, 'gap'> {
  /** Undefined until the dashboard's read answers. */
  items: Item[] | undefined;
  /** The note shown when the list is empty. */
  empty: string;
  /** The placeholder's height until the read answers, about the list's. */
  placeholderHeight: number;
  /** 'ol' where the order says something (most active first). */
  component?: 'ul' | 'ol';
  /** One item, as a list item (its root element an `li`, with its key). */
  children: (item: Item) => ReactNode;
}

/** A dashboard card's list: a placeholder while it loads, a short note when empty, else the items, unstyled. */
export function CardList<Item>({
  items,
  empty,
  placeholderHeight,
  component = 'ul',
  gap,
  children,
}: CardListProps<Item>) {
  if (!items) return <Skeleton h={placeholderHeight} />;
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xs">
        {empty}
      </Text>
    );
  }
  return (
    <Stack component={component} gap={gap} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map(children)}
    </Stack>
  );
}
