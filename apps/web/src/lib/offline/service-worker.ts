/**
 * The service worker (public/sw.js) keeps the app shell, so a reload without network still opens
 * Figgle on the data of the offline cache. Only the built app registers it: the dev server's
 * modules change on every edit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app still runs online; nothing to tell the user.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
