import { Suspense } from 'react';
import type { BoardProps } from './board/board';
import { BoardCode } from './board/board-code';
import { BoardPlaceholder } from './board/board-placeholder';

export function LazyBoard(props: BoardProps) {
  return (
    <Suspense fallback={<BoardPlaceholder />}>
      <BoardCode {...props} />
    </Suspense>
  );
}
