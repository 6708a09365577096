import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useMe } from '../../../shared/api/get-me';

/**
 * Applies the colour scheme saved with the account (Preferences) when the profile loads, so the
 * choice made on one device follows the user to another. Renders nothing.
 */
export function ColorSchemeSync() {
  const me = useMe();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const saved = me.data?.color_scheme;
  const applied = useRef<string | undefined>(undefined);

  useEffect(() => {
    // Each saved value applies once; later local changes are the Preferences page's to save.
    if (!saved || applied.current === saved) return;
    applied.current = saved;
    if (saved !== colorScheme) setColorScheme(saved);
  }, [saved, colorScheme, setColorScheme]);

  return null;
}
