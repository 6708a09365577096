import { Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A settings list as its read goes: a placeholder of about its height until the read answers, one
 * dimmed line when there is nothing in it, else the list itself.
 */
export function LoadedList<Item>({
  read,
  empty,
  height,
  inset = true,
  children,
}: {
  read: { data: Item[] | undefined; isPending: boolean };
  /** The line that says the list is empty. */
  empty: string;
  /** The placeholder's height, in pixels. */
  height: number;
  /** The empty line set in as far as the rows of a table in a frame (false: flush, as a list without one). */
  inset?: boolean;
  children: (items: Item[]) => ReactNode;
}) {
  if (!read.data) return <Skeleton height={height} aria-busy={read.isPending} />;
  if (read.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" p={inset ? 'xs' : undefined}>
        {empty}
      </Text>
    );
  }
  return children(read.data);
}
