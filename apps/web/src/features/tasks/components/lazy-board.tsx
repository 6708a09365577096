import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import type { BoardProps } from './board/board';
import { BoardCode } from './board/board-code';

export function LazyBoard(props: BoardProps) {
  return (
    <Suspense
      fallback={
        <Center py="xl" role="status" aria-label="Loading">
          <Loader size="sm" type="dots" />
        </Center>
      }
    >
      <BoardCode {...props} />
    </Suspense>
  );
}
