import { elementScroll, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useState } from 'react';

/** A card with a one-line title (about 94 px) and the gap under it; taller ones are measured once laid out. */
const ESTIMATED_CARD_HEIGHT = 102;
/** What a due date's line and a line of label chips add to a card. */
const DUE_LINE = 28;
const LABELS_LINE = 26;

/** The planning fields a card's height depends on. */
export interface CardShape {
  due_on?: string | null;
  due_at?: string | null;
  labels?: readonly unknown[];
}

/**
 * A card's height before it is measured, from what it shows: close to the real one, so the first
 * render of a cold board draws the cards that fit rather than half as many again, taken out once
 * measured.
 */
export function estimateCardHeight(card: CardShape | undefined): number {
  if (!card) return ESTIMATED_CARD_HEIGHT;
  return (
    ESTIMATED_CARD_HEIGHT +
    (card.due_on || card.due_at ? DUE_LINE : 0) +
    (card.labels && card.labels.length > 0 ? LABELS_LINE : 0)
  );
}

type ColumnVirtualizer = Virtualizer<HTMLDivElement, Element>;

/**
 * The column's scroll box before it is measured (its CSS height: the window less the page's header),
 * so the first render already holds the cards in view instead of none and a second pass.
 */
function initialRect() {
  const height = typeof window === 'undefined' ? 600 : Math.max(320, window.innerHeight - 300);
  return { width: 280, height };
}

/*
 * The library reads sizes (the scroll box's clientHeight, each card's offsetHeight) as they mount,
 * in the middle of React's commit: each read forces the browser to lay the whole page out there and
 * then, a cost a cold board load pays once per card. Here sizes come from a ResizeObserver only,
 * which reports after the browser's own layout; until then the initial rect and the estimate stand.
 */

/** The scroll box's size as laid out, reported by the observer (the first report follows the first layout). */
function observeRectAfterLayout(
  instance: ColumnVirtualizer,
  report: (rect: { width: number; height: number }) => void,
) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return;
  // Read in the observer's callback, after layout: clientWidth/Height as the library itself measures.
  const observer = new ResizeObserver(() =>
    report({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) }),
  );
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/** A card's height as the observer reports it, else the last one known, else the estimate. */
function measureAfterLayout(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: ColumnVirtualizer,
) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const key = instance.options.getItemKey(instance.indexFromElement(element));
  return instance.itemSizeCache.get(key) ?? ESTIMATED_CARD_HEIGHT;
}

const scrolledBoxes = new WeakSet<Element>();

/**
 * The library's scroll write, less the one it makes as a column mounts: to the top of a scroll box
 * that was just created, so is at the top already. Writing it anyway made the browser lay the whole
 * page out in the middle of React's commit (about 100 ms of a cold board on a small machine).
 */
function scrollUnlessJustMounted(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: ColumnVirtualizer,
) {
  const box = instance.scrollElement;
  if (box && !scrolledBoxes.has(box)) {
    scrolledBoxes.add(box);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

/**
 * Cards drawn beyond the column's view, ready for a scroll: none while the board opens (what shows
 * is drawn first: about half the cards of a cold load), three once the browser has a moment.
 */
function useOverscan(): number {
  const [roomy, setRoomy] = useState(false);
  useEffect(() => {
    if (window.requestIdleCallback) {
      const handle = window.requestIdleCallback(() => setRoomy(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setRoomy(true), 200);
    return () => window.clearTimeout(timer);
  }, []);
  return roomy ? 3 : 0;
}

/** The virtualizer of one board column: only the cards in view (and a few more) are in the page. */
export function useColumnVirtualizer(
  ids: readonly string[],
  scrollRef: RefObject<HTMLDivElement | null>,
  cardOf: (id: string) => CardShape | undefined,
) {
  const overscan = useOverscan();
  return useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateCardHeight(cardOf(ids[index] ?? '')),
    initialRect: initialRect(),
    observeElementRect: observeRectAfterLayout,
    measureElement: measureAfterLayout,
    scrollToFn: scrollUnlessJustMounted,
    overscan,
    getItemKey: (index) => ids[index] ?? index,
  });
}
