/** Time for the first screen's own requests (data, lazily loaded code) after the load event. */
const SETTLE_MS = 1_500;

/**
 * The service worker (public/sw.js) keeps the app shell, so a reload without network still opens
 * Figgle on the data of the offline cache. Only the built app registers it: the dev server's
 * modules change on every edit. Installing fetches the whole shell, so it waits until the page has
 * loaded and the browser is idle: the first screen must not compete with it for the network.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app still runs online; nothing to tell the user.
    });
  };
  const whenIdle = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5_000 });
      else register();
    }, SETTLE_MS);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
