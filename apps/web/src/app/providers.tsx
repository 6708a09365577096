import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './global.css';

import { TOAST_DURATION_MS } from '@figgle/shared/constants';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { OfflineQueryProvider } from '../lib/offline/offline-query-provider';
import { createQueryClient } from '../lib/query-client';
import { setRoutePreloader } from '../lib/route-intent';
import { queryKeys } from '../shared/api/query-keys';
import { ConfirmDialogHost } from '../ui/confirm/confirm-dialog-host';
import { preloadPage, startFirstPageEarly } from './early-start';
import { registerOfflineMutations } from './offline-mutations';
import { theme } from './theme';

/** Shared with the inline script of index.html, which applies the scheme before the first paint. */
const COLOR_SCHEME_STORAGE_KEY = 'figgle-color-scheme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      // A 401 anywhere means the session ended: re-reading it lets the guard send the user to login.
      onUnauthorized: () => void client.invalidateQueries({ queryKey: queryKeys.session }),
    });
    // Before the offline copy is put back: changes stored there find their requests here.
    registerOfflineMutations(client);
    startFirstPageEarly(client);
    setRoutePreloader((pathname) => preloadPage(client, pathname));
    return client;
  });

  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <OfflineQueryProvider client={queryClient}>
        <Notifications autoClose={TOAST_DURATION_MS} position="bottom-right" limit={4} />
        <ConfirmDialogHost />
        {children}
      </OfflineQueryProvider>
    </MantineProvider>
  );
}
