import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/** How far a pressed grip moves before it carries its row: a press that stays is no drag. */
const ACTIVATION_PX = 6;
/** Near the scroller's top or bottom edge, a carried row scrolls it, this much a frame at most. */
const EDGE_PX = 48;
const SCROLL_STEP_PX = 14;

/** A row being carried: from its place to the one it would take, by the pointer or the keyboard. */
export interface Lift {
  id: string;
  from: number;
  to: number;
  by: 'pointer' | 'keyboard';
  /** The pointer's way down since the press, in the list's own coordinates (pointer only). */
  dy: number;
  /** Each row's top and height in the list, measured once when the row was lifted. */
  tops: readonly number[];
  heights: readonly number[];
  gap: number;
}

/** What a reorder says aloud, in the list's words (its live region). */
interface ReorderWords {
  pickedUp: (id: string) => string;
  over: (id: string, to: number) => string;
  dropped: (id: string, to: number) => string;
  cancelled: (id: string) => string;
}

/** How far row `index` is moved down while `lift` is carried. */
export function shiftOf(lift: Lift | null, index: number): number {
  if (!lift) return 0;
  const { from, to, tops, heights, gap } = lift;
  const step = heights[from]! + gap;
  if (index === from) {
    if (lift.by === 'pointer') return lift.dy;
    if (to > from) return tops[to]! + heights[to]! - (tops[from]! + heights[from]!);
    return tops[to]! - tops[from]!;
  }
  if (to > from && index > from && index <= to) return -step;
  if (to < from && index >= to && index < from) return step;
  return 0;
}

/** The place a row carried `dy` pixels down from `from` would take: the rows its middle passed. */
function placeFor(from: number, dy: number, tops: readonly number[], heights: readonly number[]): number {
  const middle = tops[from]! + heights[from]! / 2 + dy;
  let to = from;
  for (let index = from + 1; index < tops.length; index++)
    if (tops[index]! + heights[index]! / 2 < middle) to = index;
  for (let index = from - 1; index >= 0; index--) if (tops[index]! + heights[index]! / 2 > middle) to = index;
  return to;
}

function scrollerOf(element: HTMLElement): HTMLElement {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight)
      return node;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

/** The scroller's visible top and bottom on screen. */
function edgesOf(scroller: HTMLElement): { top: number; bottom: number } {
  if (scroller === document.scrollingElement || scroller === document.documentElement)
    return { top: 0, bottom: window.innerHeight };
  const rect = scroller.getBoundingClientRect();
  return { top: Math.max(0, rect.top), bottom: Math.min(window.innerHeight, rect.bottom) };
}

/**
 * Rows moved by their grips, without a drag-and-drop library's hooks in each row: a hundred
 * sub-tasks each registering a sortable item cost more to draw than their fields. Every row's grip
 * gets the same handlers (the row named by the grip's `data-id`); the list measures its rows once
 * when one is lifted, and each row is told only how far to shift.
 *
 * - Pointer (mouse, pen, touch): pressed and moved 6 px, the grip carries its row; near the
 *   scroller's edges the page scrolls; released, the row takes its place; Escape cancels.
 * - Keyboard, as the other sortable lists of the app: Space or Enter lifts, the up and down arrows
 *   move, Space or Enter drops, Escape (or leaving the grip) cancels. Each step is said aloud.
 */
export function useRowReorder({
  listRef,
  ids,
  onMove,
  words,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  ids: readonly string[];
  onMove: (id: string, index: number) => void;
  words: ReorderWords;
}) {
  const [lift, setLift] = useState<Lift | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The latest of everything the handlers read, so that the handlers themselves never change.
  const latest = useRef({ ids, onMove, words, lift });
  latest.current = { ids, onMove, words, lift };
  const stopPointer = useRef<(() => void) | null>(null);

  const measure = useCallback(
    (id: string, by: Lift['by']): Lift | null => {
      const list = listRef.current;
      const from = latest.current.ids.indexOf(id);
      if (!list || from === -1) return null;
      // Rows out of view are not laid out (`content-visibility: auto`, rows.module.css): the list's
      // `data-measure` lays them all out for this one measure, so that none counts at its stand-in height.
      list.setAttribute('data-measure', '');
      const listTop = list.getBoundingClientRect().top;
      const rows = Array.from(list.children, (row) => row.getBoundingClientRect());
      list.removeAttribute('data-measure');
      const tops = rows.map((rect) => rect.top - listTop);
      const heights = rows.map((rect) => rect.height);
      const gap = rows.length > 1 ? Math.max(0, tops[1]! - tops[0]! - heights[0]!) : 0;
      return { id, from, to: from, by, dy: 0, tops, heights, gap };
    },
    [listRef],
  );

  const finish = useCallback((drop: boolean) => {
    const current = latest.current.lift;
    stopPointer.current?.();
    stopPointer.current = null;
    setLift(null);
    if (!current) return;
    if (drop) {
      setAnnouncement(latest.current.words.dropped(current.id, current.to));
      if (current.to !== current.from) latest.current.onMove(current.id, current.to);
    } else setAnnouncement(latest.current.words.cancelled(current.id));
  }, []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLButtonElement>) => {
      if (latest.current.lift || (event.pointerType === 'mouse' && event.button !== 0)) return;
      const id = event.currentTarget.dataset.id;
      const list = listRef.current;
      if (!id || !list) return;
      const startX = event.clientX;
      const startY = event.clientY;
      const startListTop = list.getBoundingClientRect().top;
      let lastY = startY;
      let carried: Lift | null = null;
      let frame = 0;
      const scroller = scrollerOf(list);

      const follow = () => {
        if (!carried) return;
        const dy = lastY - list.getBoundingClientRect().top - (startY - startListTop);
        const to = placeFor(carried.from, dy, carried.tops, carried.heights);
        if (to !== carried.to) setAnnouncement(latest.current.words.over(carried.id, to));
        carried = { ...carried, dy, to };
        setLift(carried);
      };
      // Near an edge the scroller moves a little each frame, and the row with the pointer.
      const scrollNearEdges = () => {
        frame = 0;
        if (!carried) return;
        const { top, bottom } = edgesOf(scroller);
        const by =
          lastY < top + EDGE_PX
            ? -Math.ceil(((top + EDGE_PX - lastY) / EDGE_PX) * SCROLL_STEP_PX)
            : lastY > bottom - EDGE_PX
              ? Math.ceil(((lastY - (bottom - EDGE_PX)) / EDGE_PX) * SCROLL_STEP_PX)
              : 0;
        if (by === 0) return;
        const before = scroller.scrollTop;
        scroller.scrollTop += by;
        if (scroller.scrollTop !== before) follow();
        frame = requestAnimationFrame(scrollNearEdges);
      };
      const move = (moved: PointerEvent) => {
        if (moved.pointerId !== event.pointerId) return;
        lastY = moved.clientY;
        if (!carried) {
          if (Math.hypot(moved.clientX - startX, moved.clientY - startY) < ACTIVATION_PX) return;
          carried = measure(id, 'pointer');
          if (!carried) return stop();
          setAnnouncement(latest.current.words.pickedUp(id));
        }
        follow();
        if (!frame) frame = requestAnimationFrame(scrollNearEdges);
      };
      const up = (released: PointerEvent) => {
        if (released.pointerId !== event.pointerId) return;
        if (carried) finish(true);
        else stop();
      };
      const cancel = (cancelled: PointerEvent) => {
        if (cancelled.pointerId !== event.pointerId) return;
        if (carried) finish(false);
        else stop();
      };
      const onEscape = (key: globalThis.KeyboardEvent) => {
        if (key.key !== 'Escape' || !carried) return;
        key.preventDefault();
        finish(false);
      };
      // No text is selected while a row is carried across others.
      const noSelection = (selection: Event) => {
        if (carried) selection.preventDefault();
      };
      function stop() {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', cancel);
        window.removeEventListener('keydown', onEscape, true);
        document.removeEventListener('selectstart', noSelection);
        if (frame) cancelAnimationFrame(frame);
        frame = 0;
        if (stopPointer.current === stop) stopPointer.current = null;
      }
      stopPointer.current?.();
      stopPointer.current = stop;
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', cancel);
      window.addEventListener('keydown', onEscape, true);
      document.addEventListener('selectstart', noSelection);
    },
    [listRef, measure, finish],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>) => {
      const id = event.currentTarget.dataset.id;
      if (!id) return;
      const current = latest.current.lift;
      const pick = event.key === ' ' || event.key === 'Enter';
      if (!current) {
        if (!pick) return;
        event.preventDefault();
        const lifted = measure(id, 'keyboard');
        if (!lifted) return;
        setLift(lifted);
        setAnnouncement(latest.current.words.pickedUp(id));
        return;
      }
      if (current.by !== 'keyboard' || current.id !== id) return;
      if (pick) {
        event.preventDefault();
        finish(true);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        finish(false);
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const to = Math.max(
          0,
          Math.min(current.tops.length - 1, current.to + (event.key === 'ArrowDown' ? 1 : -1)),
        );
        if (to === current.to) return;
        setLift({ ...current, to });
        setAnnouncement(latest.current.words.over(id, to));
      }
    },
    [measure, finish],
  );

  const onBlur = useCallback(
    (_event: FocusEvent<HTMLButtonElement>) => {
      if (latest.current.lift?.by === 'keyboard') finish(false);
    },
    [finish],
  );

  // The row carried by keyboard stays in view as it moves down a long list.
  useEffect(() => {
    if (lift?.by !== 'keyboard') return;
    const row = listRef.current?.children[lift.from] as HTMLElement | undefined;
    if (!row) return;
    const scroller = scrollerOf(row);
    const { top, bottom } = edgesOf(scroller);
    const rect = row.getBoundingClientRect();
    if (rect.bottom > bottom) scroller.scrollTop += rect.bottom - bottom + 8;
    else if (rect.top < top) scroller.scrollTop -= top - rect.top + 8;
  }, [lift, listRef]);

  // The rows changed under a carried one (a live change, a sub-task added): its places no longer
  // hold, so it is put back.
  const shownIds = useRef(ids);
  useEffect(() => {
    if (shownIds.current === ids) return;
    shownIds.current = ids;
    if (latest.current.lift) finish(false);
  }, [ids, finish]);

  // A list that goes away while a row is carried leaves no listener behind.
  useEffect(() => () => stopPointer.current?.(), []);

  const handlers = useMemo(() => ({ onPointerDown, onKeyDown, onBlur }), [onPointerDown, onKeyDown, onBlur]);
  return { lift, announcement, handlers };
}
