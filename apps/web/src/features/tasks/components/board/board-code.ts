import { lazyReady } from '../../../../lib/lazy-ready';
import type { BoardProps } from './board';

// dnd-kit is only downloaded when a board is shown, never with the list or the first page.
export const BoardCode = lazyReady<BoardProps>(async () => (await import('./board')).default);

/**
 * Starts downloading the board while its data loads, instead of after. The router calls it for the
 * first page of a load, so this module stays small: the board's code is on the critical path of a
 * cold board, and waiting for another chunk before asking for it cost a few hundred ms.
 */
export function preloadBoard(): void {
  void BoardCode.preload();
}
