import { createSpotlight } from '@mantine/spotlight';

/**
 * The command palette's state (open, typed text, selection): the sidebar's Search button and the
 * shortcuts open it through here, before the palette's own code has loaded if need be.
 */
export const [paletteStore, palette] = createSpotlight();

type PalettePurpose = 'search' | 'create-task';
let purpose: PalettePurpose = 'search';

/** Opens the palette; for 'create-task' it opens on its project chooser. */
export function openPalette(openFor: PalettePurpose = 'search'): void {
  purpose = openFor;
  palette.open();
}

/** What the palette was last opened for. */
export function paletteOpenedFor(): PalettePurpose {
  return purpose;
}
