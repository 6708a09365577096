import { useEffect } from 'react';
import { currentLocale } from '../../../lib/i18n/i18n';
import { initialLocale, rememberLocale } from '../../../lib/i18n/load-locale';
import { useMe } from '../../../shared/api/get-me';

/**
 * Applies the language saved with the account (Preferences) when the profile loads on a device that
 * started in another one: it remembers it there and reloads, once. Renders nothing. A developer's
 * pseudo-locale is left alone, and a browser that keeps nothing is not reloaded in a loop.
 */
export function LanguageSync() {
  const saved = useMe().data?.locale;

  useEffect(() => {
    if (!saved || saved === initialLocale() || currentLocale() === 'pseudo') return;
    if (rememberLocale(saved)) window.location.reload();
  }, [saved]);

  return null;
}
