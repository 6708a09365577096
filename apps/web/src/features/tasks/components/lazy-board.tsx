import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BoardProps } from './board/board';

// dnd-kit is only downloaded when a board is shown, never with the list or the first page.
const loadBoard = () => import('./board/board');
const Board = lazy(loadBoard);

/** Starts downloading the board while its data loads, instead of after. */
export function preloadBoard(): void {
  void loadBoard();
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
