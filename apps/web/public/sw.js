// Figgle's service worker: keeps the app shell (index.html, the built scripts and styles, icons) so a
// reload with the network down still opens the app; the data comes from the offline query cache.
// The API is never cached here.
//
// The build this worker belongs to: the web build (vite.config.ts, figgleBuildStamp) writes it here
// and into index.html's <meta name="figgle-build">, so every deploy changes this file's bytes and the
// browser installs the new worker on the next visit. Once active, the worker tells the open pages its
// build; a page of an older build offers "New version — reload" (src/lib/offline/service-worker.ts).
const BUILD = 'development';
const SHELL_CACHE = 'figgle-shell-v1';
const MAX_SHELL_FILES = 400;
const ASSET_PATTERN = /["'(`]((?:\/|\.\/)?(?:assets\/)?[\w.-]+\.(?:js|css|svg|png|woff2?))["')`]/g;

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch('/', { cache: 'no-store', credentials: 'same-origin' })
      .then((response) => (response.ok ? crawlShell(response) : undefined))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== SHELL_CACHE).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim())
      .then(() => self.clients.matchAll({ type: 'window' }))
      .then((pages) => {
        for (const page of pages) page.postMessage({ type: 'figgle-build', build: BUILD });
      }),
  );
});

/** Every file the page can load from index.html on, so pages never opened before work offline too. */
async function crawlShell(indexResponse) {
  const cache = await caches.open(SHELL_CACHE);
  const html = await indexResponse.clone().text();
  await cache.put('/index.html', indexResponse);
  const seen = new Set(['/index.html']);
  const queue = filesIn(html, '/');
  while (queue.length > 0 && seen.size < MAX_SHELL_FILES) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await fetch(path, { credentials: 'same-origin' }).catch(() => null);
    if (!response?.ok) continue;
    await cache.put(path, response.clone());
    if (path.endsWith('.js') || path.endsWith('.css')) queue.push(...filesIn(await response.text(), path));
  }
  // Files of an older build that nothing refers to any more.
  for (const request of await cache.keys()) {
    if (!seen.has(new URL(request.url).pathname)) await cache.delete(request);
  }
}

function filesIn(text, fromPath) {
  const directory = fromPath.slice(0, fromPath.lastIndexOf('/') + 1);
  const files = [];
  for (const match of text.matchAll(ASSET_PATTERN)) {
    const reference = match[1];
    let path;
    if (reference.startsWith('/')) path = reference;
    else if (reference.startsWith('./')) path = directory + reference.slice(2);
    else if (reference.startsWith('assets/')) path = `/${reference}`;
    else continue;
    if (!path.startsWith('/api/') && path !== '/sw.js') files.push(path);
  }
  return files;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/') || url.pathname === '/healthz')
    return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request, event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  event.respondWith(networkFirst(request));
});

/** The page from the network when there is one (noticing a new build), else the kept shell. */
async function navigation(request, event) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') || '';
    if (response.ok && type.startsWith('text/html') && !new URL(request.url).pathname.startsWith('/legal/')) {
      event.waitUntil(refreshShellIfChanged(response.clone()));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(SHELL_CACHE);
    const path = new URL(request.url).pathname;
    const kept = (await cache.match(path)) || (await cache.match('/index.html'));
    if (kept) return kept;
    throw error;
  }
}

// A signed-in page carries its person's session and profile (apps/server/src/http/first-answers.ts):
// never kept. The shell is the page without them, the same for everyone.
const FIRST_ANSWERS = /<script type="application\/json" id="figgle-first-answers">[\s\S]*?<\/script>/;

async function refreshShellIfChanged(response) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match('/index.html');
  const [page, old] = await Promise.all([response.clone().text(), kept ? kept.text() : Promise.resolve('')]);
  const fresh = page.replace(FIRST_ANSWERS, '');
  if (fresh === old) return;
  const headers = { 'content-type': response.headers.get('content-type') || 'text/html; charset=utf-8' };
  await crawlShell(new Response(fresh, { headers }));
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}
