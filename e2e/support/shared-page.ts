import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { test } from './fixtures.ts';

/**
 * One page for the tests of the serial group (`test.describe.serial`) that calls this, in a browser
 * context of its own made with `options`: the first test that asks for it opens it, the group's last
 * hook closes it. Tests that need no fresh page spare a new context and the first load of the app in
 * a new renderer each; a failure restarts the group, and with it the page.
 */
export function pageOfGroup(
  options: BrowserContextOptions = {},
): (browser: Browser, baseURL: string) => Promise<Page> {
  let page: Promise<Page> | undefined;
  test.afterAll(async () => {
    const open = page;
    page = undefined;
    if (open) await (await open.catch(() => null))?.context().close();
  });
  return (browser, baseURL) => {
    page ??= browser.newContext({ baseURL, ...options }).then((context) => context.newPage());
    return page;
  };
}

/**
 * Leaves the app for a file of the same site that runs no script (the renderer and the code it
 * compiled are kept), then forgets everything the site kept in the browser: cookies, local storage,
 * IndexedDB (the offline copy), the caches and the offline worker. The next person signed in on the
 * page starts as in a new browser context.
 */
export async function forgetSite(page: Page, baseURL: string): Promise<void> {
  await page.goto('/favicon.svg');
  await page.context().clearCookies();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(baseURL).origin,
    storageTypes: 'local_storage,indexeddb,cache_storage,service_workers',
  });
  await cdp.detach();
}
