import { OFFLINE_DB_SIZE_BYTES } from '@figgle/shared/constants';
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Mutation,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { OFFLINE_SCOPE } from './offline-queue';
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

/** Also opened by the inline script of index.html. */
const DATABASE_NAME = 'figgle-offline';
const STORE_NAME = 'cache';

declare global {
  interface Window {
    /** The open request index.html starts before the app's code loads. */
    figgleOfflineDatabase?: IDBOpenDBRequest;
  }
}

/** idb-keyval's store over the database index.html began opening, when it did. */
function storeOfEarlyOpen(request: IDBOpenDBRequest): UseStore {
  const database = new Promise<IDBDatabase>((resolve, reject) => {
    if (request.readyState === 'done') {
      if (request.error) reject(request.error);
      else resolve(request.result);
      return;
    }
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => reject(request.error));
  });
  return (mode, callback) =>
    database.then((opened) => callback(opened.transaction(STORE_NAME, mode).objectStore(STORE_NAME)));
}

let store: UseStore | null = null;
function offlineStore(): UseStore {
  const early = window.figgleOfflineDatabase;
  store ??= early ? storeOfEarlyOpen(early) : createStore(DATABASE_NAME, STORE_NAME);
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

type DehydratedMutation = DehydratedState['mutations'][number];

/**
 * Which changes are stored: those waiting for the network (or, once it is back, for the change
 * before them), made offline and known by a key whose request is registered at startup. One on its
 * way to the server is not: a reload then must not send it twice.
 */
export function isWaitingChange(mutation: Mutation): boolean {
  return mutation.state.isPaused && mutation.state.status === 'pending' && !!mutation.options.mutationKey;
}

/**
 * A waiting change as stored: its key, variables and order. What it keeps to roll back (the
 * context, a board move's copy of the lists) describes this page's memory only and can be large:
 * after a reload a failure reads the server's copy instead.
 */
export function mutationForDisk(mutation: DehydratedMutation): DehydratedMutation {
  const { variables } = mutation.state;
  const storedVariables =
    variables && typeof variables === 'object' && 'snapshot' in variables
      ? (({ snapshot: _snapshot, ...rest }) => rest)(variables as Record<string, unknown>)
      : variables;
  return { ...mutation, state: { ...mutation.state, context: undefined, variables: storedVariables } };
}

/** The cache as it may be stored: newest first, cut to the spec's offline store size. */
export function snapshotForDisk(queryClient: QueryClient): PersistedCache {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && isPersistedKey(query.queryKey),
    shouldDehydrateMutation: isWaitingChange,
    serializeData: withoutSecrets,
  });
  const queries = [...state.queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const mutations = state.mutations.map(mutationForDisk);
  // Only reads are cut to fit: a change waiting to be sent is never dropped.
  let persisted: PersistedCache = {
    format: FORMAT,
    savedAt: Date.now(),
    state: { ...state, queries, mutations },
  };
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

/**
 * Mirrors the cache to IndexedDB at most once a second, and a change made or sent at once (a reload
 * right after a change made offline must still find it; one sent must not come back); leaving the
 * page saves what is scheduled. Clearing the cache empties the copy.
 */
export function persistQueryCache(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let soon = false;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    soon = false;
    void set(STORE_KEY, snapshotForDisk(queryClient), offlineStore()).catch(() => {});
  };
  const schedule = (delay: number) => {
    if (timer && (soon || delay > 0)) return;
    if (timer) clearTimeout(timer);
    soon = delay === 0;
    timer = setTimeout(save, delay);
  };
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated')
      schedule(SAVE_THROTTLE_MS);
  });
  // A change made offline (or one of them leaving for the server) is saved at once; a timer of 0
  // still lets the optimistic change its onMutate makes be saved with it. Others wait their turn.
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    const { mutation } = event;
    schedule(mutation.state.isPaused || mutation.options.scope?.id === OFFLINE_SCOPE ? 0 : SAVE_THROTTLE_MS);
  });
  const onPageHide = () => {
    if (timer) save();
  };
  window.addEventListener('pagehide', onPageHide);
  return () => {
    stopQueries();
    stopMutations();
    window.removeEventListener('pagehide', onPageHide);
    if (timer) save();
  };
}

export async function clearOfflineCache(): Promise<void> {
  await del(STORE_KEY, offlineStore()).catch(() => {});
}
