import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';

/** A card with a one-line title; taller ones are measured once they are laid out. */
const ESTIMATED_CARD_HEIGHT = 118;

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

/** The virtualizer of one board column: only the cards in view (and a few more) are in the page. */
export function useColumnVirtualizer(ids: readonly string[], scrollRef: RefObject<HTMLDivElement | null>) {
  return useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    initialRect: initialRect(),
    observeElementRect: observeRectAfterLayout,
    measureElement: measureAfterLayout,
    overscan: 3,
    getItemKey: (index) => ids[index] ?? index,
  });
}
