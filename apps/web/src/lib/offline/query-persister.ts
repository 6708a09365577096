import { OFFLINE_DB_SIZE_BYTES } from '@figgle/shared/constants';
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isPersistedKey } from './persisted-keys';

const STORE_KEY = 'query-cache';
/** Raised when the shape of what is stored changes, so an old copy is dropped instead of misread. */
const FORMAT = 1;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_THROTTLE_MS = 1000;

interface PersistedCache {
  format: number;
  savedAt: number;
  state: DehydratedState;
}

let store: UseStore | null = null;
function offlineStore(): UseStore {
  store ??= createStore('figgle-offline', 'cache');
  return store;
}

/** A session's token has no business on disk: the cookie carries it. */
function withoutSecrets(data: unknown): unknown {
  if (data && typeof data === 'object' && 'session' in data) {
    const { session, ...rest } = data as { session: Record<string, unknown> | null };
    if (session && typeof session === 'object') {
      const { token: _token, ...safeSession } = session;
      return { ...rest, session: safeSession };
    }
  }
  return data;
}

/** The cache as it may be stored: newest first, cut to the spec's offline store size. */
export function snapshotForDisk(queryClient: QueryClient): PersistedCache {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && isPersistedKey(query.queryKey),
    // Changes waiting for the network live in memory: their functions cannot be stored.
    shouldDehydrateMutation: () => false,
    serializeData: withoutSecrets,
  });
  const queries = [...state.queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  let persisted: PersistedCache = { format: FORMAT, savedAt: Date.now(), state: { ...state, queries } };
  while (JSON.stringify(persisted).length > OFFLINE_DB_SIZE_BYTES && persisted.state.queries.length > 0) {
    const kept = persisted.state.queries.slice(0, Math.floor(persisted.state.queries.length * 0.8));
    persisted = { ...persisted, state: { ...persisted.state, queries: kept } };
  }
  return persisted;
}

/** Puts the stored cache back (a reload, even offline, shows the last data at once). */
export async function restoreQueryCache(queryClient: QueryClient): Promise<void> {
  try {
    const saved = await get<PersistedCache>(STORE_KEY, offlineStore());
    if (!saved) return;
    if (saved.format !== FORMAT || Date.now() - saved.savedAt > MAX_AGE_MS) {
      await del(STORE_KEY, offlineStore());
      return;
    }
    hydrate(queryClient, saved.state);
  } catch {
    // A private window or a full disk: the app works without its offline copy.
  }
}

/** Mirrors the cache to IndexedDB at most once a second; clearing the cache empties the copy. */
export function persistQueryCache(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    void set(STORE_KEY, snapshotForDisk(queryClient), offlineStore()).catch(() => {});
  };
  const schedule = () => {
    timer ??= setTimeout(save, SAVE_THROTTLE_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') schedule();
  });
  return () => {
    unsubscribe();
    if (timer) {
      clearTimeout(timer);
      save();
    }
  };
}

export async function clearOfflineCache(): Promise<void> {
  await del(STORE_KEY, offlineStore()).catch(() => {});
}
