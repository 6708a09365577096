import { toastNewVersion } from '../../ui/toast';

/** Time for the first screen's own requests (data, lazily loaded code) after the load event. */
const SETTLE_MS = 1_500;
/**
 * How often a page left open asks whether a new build was deployed (also when it is shown again and
 * when the network comes back).
 */
const UPDATE_CHECK_MS = 60 * 60_000;

/** The build this page runs, stamped into index.html by the web build (vite.config.ts). */
function pageBuild(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="figgle-build"]')?.content;
}

/**
 * A worker that has just become active says which build it holds. When that is not this page's
 * build, a deploy happened since the page loaded: the page offers "New version — reload" (once). A
 * page loaded from the network after the deploy already runs the new build and offers nothing.
 */
function offerNewBuilds(): void {
  let offered = false;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as { type?: unknown; build?: unknown } | null;
    if (offered || message?.type !== 'figgle-build' || typeof message.build !== 'string') return;
    if (message.build === pageBuild()) return;
    offered = true;
    toastNewVersion(() => window.location.reload());
  });
}

/** Asks for sw.js again now and then; the browser installs it when its bytes changed (a deploy). */
function checkForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  // An installed app opened offline learns of a deploy made meanwhile as soon as the network is back.
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/**
 * The service worker (public/sw.js) keeps the app shell, so a reload without network still opens
 * Figgle on the data of the offline cache. Only the built app registers it: the dev server's
 * modules change on every edit. Installing fetches the whole shell, so it waits until the page has
 * loaded and the browser is idle: the first screen must not compete with it for the network.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  offerNewBuilds();
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(checkForUpdates, () => {
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
