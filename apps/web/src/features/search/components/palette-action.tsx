import type { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One of the palette's actions: the app's own, or those on the open task. */
export interface PaletteAction {
  id: string;
  label: string;
  description?: string;
  keywords: readonly string[];
  icon: ReactNode;
  run: () => void;
  /** The action leads to another step of the palette instead of closing it. */
  keepsOpen?: boolean;
}

export const paletteIcon = (Drawn: typeof IconSearch) => <Drawn size={18} stroke={1.8} aria-hidden />;
