import { Kbd, NavLink } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { preloadCommandPalette } from '../../features/search/components/command-palette-host';
import { openPalette } from '../../features/search/components/palette-store';
import { t } from '../../lib/i18n/i18n';
import { isApplePlatform, keyLabel } from '../../shared/shortcuts';
import classes from './shell.module.css';

export interface SidebarSearchButtonProps {
  /** Called first, so the narrow-screen drawer closes before the palette opens. */
  onNavigate?: () => void;
}

/** Opens the command palette, as Ctrl+K (⌘K on macOS) does anywhere. */
export function SidebarSearchButton({ onNavigate }: SidebarSearchButtonProps) {
  const apple = isApplePlatform();
  return (
    <NavLink
      component="button"
      type="button"
      label={t('app.search')}
      aria-label={t('app.search')}
      aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
      leftSection={<IconSearch size={18} stroke={1.8} className={classes.linkIcon} aria-hidden />}
      rightSection={
        <Kbd size="xs" aria-hidden>
          {keyLabel('Mod+K', apple)}
        </Kbd>
      }
      onClick={() => {
        onNavigate?.();
        openPalette();
      }}
      onPointerEnter={() => void preloadCommandPalette()}
      onFocus={() => void preloadCommandPalette()}
      classNames={{ root: classes.link, section: classes.linkSection }}
    />
  );
}
