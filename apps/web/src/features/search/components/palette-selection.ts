import type { SpotlightStore } from '@mantine/spotlight';

// Spotlight keeps its selection on the list's elements (data-selected) and its index in the store;
// these do what its own helpers do, which the package does not export.

function entries(listId: string): HTMLElement[] {
  return [...(document.getElementById(listId)?.querySelectorAll<HTMLElement>('[data-action]') ?? [])];
}

/** Selects the list's first entry, as Spotlight does after each keystroke, once new results show. */
export function selectFirstEntry(listId: string, store: SpotlightStore): void {
  const all = entries(listId);
  for (const entry of all) entry.removeAttribute('data-selected');
  all[0]?.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: all.length > 0 ? 0 : -1 }));
}

/** Leaves nothing selected, so Spotlight's own Enter opens nothing. */
export function clearSelection(listId: string, store: SpotlightStore): void {
  for (const entry of entries(listId)) entry.removeAttribute('data-selected');
  store.updateState((state) => ({ ...state, selected: -1 }));
}

/** Opens the selected entry, as Enter does. */
export function openSelectedEntry(listId: string): void {
  document.getElementById(listId)?.querySelector<HTMLElement>('[data-action][data-selected]')?.click();
}
