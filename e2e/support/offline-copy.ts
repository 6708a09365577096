import type { Page } from '@playwright/test';

/** The offline copy of the query cache as the app stores it (src/lib/offline/query-persister.ts). */
export interface OfflineCopy {
  state: {
    queries: { queryKey: unknown[]; state: { data?: unknown } }[];
    mutations: unknown[];
  };
}

/** What the page's device holds for offline use, read from IndexedDB; null when nothing is stored. */
export function readOfflineCopy(page: Page): Promise<OfflineCopy | null> {
  return page.evaluate(
    () =>
      new Promise<OfflineCopy | null>((resolve) => {
        const open = indexedDB.open('figgle-offline');
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('cache')) return resolve(null);
          const read = database.transaction('cache').objectStore('cache').get('query-cache');
          read.onsuccess = () => resolve((read.result as OfflineCopy | undefined) ?? null);
          read.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );
}
