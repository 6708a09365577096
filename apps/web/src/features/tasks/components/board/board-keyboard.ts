import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { TaskStatus } from '@figgle/shared/status';
import { type Columns, columnDropId, columnOf } from './columns';

/**
 * The column a card lifted by keyboard goes to with ArrowLeft or ArrowRight: the next one in the
 * board's order, or null at either end (and for any other key).
 */
export function columnStep(order: readonly TaskStatus[], current: TaskStatus | null, key: string) {
  if (current === null) return null;
  const at = order.indexOf(current);
  if (at < 0) return null;
  const step = key === KeyboardCode.Right ? 1 : key === KeyboardCode.Left ? -1 : 0;
  if (step === 0) return null;
  return order[at + step] ?? null;
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * Where the lifted card goes in the target column's box: centred across it, at the height it has now
 * (kept inside the box, so a short column still takes it).
 */
export function placeInColumn(card: Box, column: Box): { x: number; y: number } {
  const lowest = Math.max(column.top, column.top + column.height - card.height);
  return {
    x: column.left + (column.width - card.width) / 2,
    y: Math.min(Math.max(card.top, column.top), lowest),
  };
}

/**
 * The keyboard sensor's moves on the board. Up and down go card by card as in any sortable list;
 * left and right go by the columns' order, not by geometry: after a move, the card's own placeholder
 * can sit a few pixels inside the next column's scroll box, and the nearest droppable to the right
 * was then the column the card was already in (a second ArrowRight stopped in Doing).
 */
export function boardKeyboardCoordinates(columns: () => Columns): KeyboardCoordinateGetter {
  return (event, args) => {
    if (event.code !== KeyboardCode.Left && event.code !== KeyboardCode.Right)
      return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    const { active, over, collisionRect, droppableRects } = args.context;
    if (!active || !collisionRect) return undefined;
    const current = columns();
    // The column the card's placeholder is in now (the drag's columns follow every move).
    const from = columnOf(current, String(active.id)) ?? (over ? columnOf(current, String(over.id)) : null);
    const to = columnStep(Object.keys(current), from, event.code);
    const box = to ? droppableRects.get(columnDropId(to)) : undefined;
    if (!box) return undefined;
    return placeInColumn(collisionRect, box);
  };
}
