/**
 * The rows ticked for a bulk change. A click ticks or unticks one row and becomes the anchor; a
 * Shift-click gives every row between the anchor and the clicked one the state the anchor has, as
 * file managers do. Only rows shown count: `order` is the list's rows as drawn.
 */
export function clickRow(
  selected: ReadonlySet<string>,
  order: readonly string[],
  anchor: string | null,
  id: string,
  shift: boolean,
): ReadonlySet<string> {
  const next = new Set(selected);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(id);
  if (shift && from >= 0 && to >= 0) {
    const ticked = selected.has(anchor!);
    for (const rowId of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
      if (ticked) next.add(rowId);
      else next.delete(rowId);
    }
    return next;
  }
  if (!next.delete(id)) next.add(id);
  return next;
}

/** The ticked rows still shown (a filter or someone else's delete may take rows away), in list order. */
export function shownSelection(selected: ReadonlySet<string>, order: readonly string[]): string[] {
  return selected.size === 0 ? [] : order.filter((id) => selected.has(id));
}
