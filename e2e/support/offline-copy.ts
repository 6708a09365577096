import { type BrowserContext, expect, type Page, type Route } from '@playwright/test';

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

/** The queries of the offline copy whose key starts with `prefix` (['task', id] finds the task and its timeline). */
export async function storedQueries(page: Page, prefix: unknown[]): Promise<OfflineCopy['state']['queries']> {
  const queries = (await readOfflineCopy(page))?.state.queries ?? [];
  return queries.filter((query) => prefix.every((part, index) => query.queryKey[index] === part));
}

/** The changes waiting on the device to be sent. */
export async function storedChanges(page: Page): Promise<number> {
  return ((await readOfflineCopy(page))?.state.mutations ?? []).length;
}

/**
 * The page can be reloaded without network: the service worker holds the app shell and the offline
 * copy holds at least `count` queries under `prefix`.
 */
export async function keptForOffline(page: Page, prefix: unknown[], count = 1): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(async () => (await storedQueries(page, prefix)).length).toBeGreaterThanOrEqual(count);
}

const OFFLINE_FLAG = 'figgle-e2e-offline';

const isServerRequest = (url: URL) => url.pathname.startsWith('/api/');
const refusing = new WeakMap<BrowserContext, (route: Route) => Promise<void>>();

/**
 * Fails every request to the server that Playwright sees, as a device without network would, until
 * `reconnect`. It does not see them all: see `keepOffline`.
 */
async function refuseServerRequests(context: BrowserContext): Promise<void> {
  if (refusing.has(context)) return;
  const refuse = (route: Route) => route.abort('internetdisconnected');
  refusing.set(context, refuse);
  await context.route(isServerRequest, refuse);
}

/**
 * Marks the page offline (`mark`) or, in a document that starts while it is marked, keeps it so:
 * navigator.onLine says false, and the page's fetch fails as on a device without network (a
 * TypeError, before anything is sent), until `reconnect` removes the mark.
 *
 * Why the page's own fetch: Chromium's offline emulation does not cover a document that is being
 * unloaded. A request it makes after 'pagehide' reaches the server, and Playwright, which no longer
 * knows its frame, neither routes it nor lists it. checklist-offline failed that way 1 in 6-16 runs
 * in the headless shell: the queue resumed in the page being reloaded sent its first change (the
 * tick) and died, so the server had the tick while the reloaded page still showed "3 changes wait to
 * be sent". Made to happen on purpose (an 'online' event on 'pagehide'), the server logged the PATCH
 * 8 ms after the leaving page's fetch, and no request of the page's network log named it.
 */
function keepOffline({ flag, mark }: { flag: string; mark: boolean }): void {
  if (mark) sessionStorage.setItem(flag, '1');
  if (!sessionStorage.getItem(flag)) return;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  const marked = window as { figgleE2eOfflineFetch?: boolean };
  if (marked.figgleE2eOfflineFetch) return;
  marked.figgleE2eOfflineFetch = true;
  const send = window.fetch;
  window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
    if (sessionStorage.getItem(flag)) return Promise.reject(new TypeError('Failed to fetch'));
    return send.apply(this, args);
  } as typeof fetch;
}

/**
 * Reloads the page without network. Chromium's offline emulation (context.setOffline) fails the
 * reloaded document's requests but no longer tells it so: its navigator.onLine says true, as the
 * browser of a device without network would not; and it lets the leaving document's requests
 * through. The page being left and the reloaded one are kept offline by `keepOffline` until
 * `reconnect`, so the page starts as an offline device's page does.
 */
export async function reloadOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await refuseServerRequests(page.context());
  await page.addInitScript(keepOffline, { flag: OFFLINE_FLAG, mark: false });
  await page.evaluate(keepOffline, { flag: OFFLINE_FLAG, mark: true });
  await page.reload();
}

/** The network returns to a page reloaded offline: navigator.onLine and the 'online' event say so. */
export async function reconnect(page: Page): Promise<void> {
  const refuse = refusing.get(page.context());
  if (refuse) {
    refusing.delete(page.context());
    await page.context().unroute(isServerRequest, refuse);
  }
  await page.context().setOffline(false);
  await page.evaluate((flag) => {
    sessionStorage.removeItem(flag);
    delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event('online'));
  }, OFFLINE_FLAG);
}
