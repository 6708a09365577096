import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { lazyReady } from '../../../app/lazy-ready';
import type { BoardProps } from './board/board';

// dnd-kit is only downloaded when a board is shown, never with the list or the first page.
const Board = lazyReady<BoardProps>(async () => (await import('./board/board')).default);

/** Starts downloading the board while its data loads, instead of after. */
export function preloadBoard(): void {
  void Board.preload();
}

export function LazyBoard(props: BoardProps) {
  return (
    <Suspense
      fallback={
        <Center py="xl" role="status" aria-label="Loading">
          <Loader size="sm" type="dots" />
        </Center>
      }
    >
      <Board {...props} />
    </Suspense>
  );
}
