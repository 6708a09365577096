import { OFFLINE_DB_SIZE_BYTES } from '@figgle/shared/constants';
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Mutation,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { wasQueued } from './offline-queue';
import { isPersistedKey } from './persisted-keys';
import { askedBeforeThisLoad } from './this-load';
import { type StoredUndoContext, type TaskUndo, undoOf } from './undo-after-reload';

const STORE_KEY = 'query-cache';
/** Raised when the shape of what is stored changes, so an old copy is dropped instead of misread. */
const FORMAT = 1;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_THROTTLE_MS = 1000;

export interface PersistedCache {
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
function isWaitingChange(mutation: Mutation): boolean {
  return mutation.state.isPaused && mutation.state.status === 'pending' && !!mutation.options.mutationKey;
}

/**
 * A waiting change as stored: its key, variables and order, and what undoes it on a page that did not
 * make it. What it keeps to roll back (the context, a board move's copy of the lists) describes this
 * page's memory only and can be large: a refused change after a reload is undone from `undo` instead.
 */
export function mutationForDisk(mutation: DehydratedMutation, undo?: TaskUndo): DehydratedMutation {
  const { variables } = mutation.state;
  const storedVariables =
    variables && typeof variables === 'object' && 'snapshot' in variables
      ? (({ snapshot: _snapshot, ...rest }) => rest)(variables as Record<string, unknown>)
      : variables;
  const context: StoredUndoContext | undefined = undo ? { undoAfterReload: undo } : undefined;
  return { ...mutation, state: { ...mutation.state, context, variables: storedVariables } };
}

type DehydratedQuery = DehydratedState['queries'][number];

/**
 * A query is kept by the data it last had, not by how its last fetch went. A screen opened after the
 * network went down reads its queries again; each fails (status 'error') and still holds its data.
 * Kept only when 'success', the project and its tasks left the copy that way, and a page loaded
 * next, offline, had nothing to show. Stored as the answer it holds: the failure was this page's.
 */
function asLastGoodAnswer(query: DehydratedQuery): DehydratedQuery {
  if (query.state.status !== 'error') return query;
  return {
    ...query,
    state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null },
  };
}

/** The cache as it may be stored: newest first, cut to OFFLINE_DB_SIZE_BYTES. */
export function snapshotForDisk(queryClient: QueryClient): PersistedCache {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.data !== undefined && isPersistedKey(query.queryKey),
    shouldDehydrateMutation: isWaitingChange,
    serializeData: withoutSecrets,
  });
  const queries = state.queries
    .map(asLastGoodAnswer)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  // dehydrate keeps each mutation's state object: that finds the mutation, and its undo, again.
  const byState = new Map(
    queryClient
      .getMutationCache()
      .getAll()
      .map((mutation) => [mutation.state as unknown, mutation]),
  );
  const mutations = state.mutations.map((stored) => {
    const mutation = byState.get(stored.state);
    return mutationForDisk(stored, mutation ? undoOf(mutation) : undefined);
  });
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

/**
 * Puts a stored copy into the cache. Online, what comes back is shown at once but is stale: it may
 * predate the last change made before the reload (the copy is written after each change, and a
 * reload can still beat the write), so each query is read again from the server when next used
 * rather than trusted for its stale time. Offline it is all there is, and read again on reconnect.
 */
export function hydrateSavedCache(queryClient: QueryClient, saved: PersistedCache, online: boolean): void {
  const readsInFlight = saved.state.queries.filter((stored) => isReadWithoutAnswer(queryClient, stored));
  const queries = online
    ? saved.state.queries.map((query) => ({ ...query, state: { ...query.state, isInvalidated: true } }))
    : saved.state.queries;
  hydrate(queryClient, { ...saved.state, queries });
  for (const stored of readsInFlight) keepThroughCancel(queryClient, stored, online);
}

/** A read of the first page, started before the restore (lib/early-start.ts), with nothing yet. */
function isReadWithoutAnswer(queryClient: QueryClient, stored: DehydratedQuery): boolean {
  const query = queryClient.getQueryCache().get(stored.queryHash);
  return !!query && query.state.fetchStatus !== 'idle' && query.state.data === undefined;
}

/**
 * A read in flight keeps the state it started from, and goes back to it when cancelled (a paused read
 * whose screen goes away, an optimistic change): for a read started before the restore, that state
 * is empty. Loaded without network while the browser still said online, the project's screen lost
 * the restored project that way and stayed on "Loading". Set as data (setQueryData), the stored
 * answer becomes the state a cancel goes back to.
 */
function keepThroughCancel(queryClient: QueryClient, stored: DehydratedQuery, online: boolean): void {
  const query = queryClient.getQueryCache().get(stored.queryHash);
  if (!query || query.state.data !== stored.state.data) return;
  queryClient.setQueryData(stored.queryKey, stored.state.data, { updatedAt: stored.state.dataUpdatedAt });
  if (online) query.invalidate();
}

/**
 * Once the network returns to a page opened offline, what still comes from the copy is stale too:
 * read again as each query is next used (after the waiting changes are sent: TanStack Query resumes
 * them before it refetches on reconnect).
 */
export function staleRestoredDataOnReconnect(queryClient: QueryClient): () => void {
  return onlineManager.subscribe((online) => {
    if (!online) return;
    for (const query of queryClient.getQueryCache().findAll({ predicate: askedBeforeThisLoad })) {
      if (query.state.data !== undefined) query.invalidate();
    }
  });
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
    hydrateSavedCache(queryClient, saved, onlineManager.isOnline());
  } catch {
    // A private window or a full disk: the app works without its offline copy.
  }
}

export interface PersistOptions {
  /** Where the copy goes (IndexedDB in the app). */
  write?: (copy: PersistedCache) => Promise<void>;
  /** Calls `leaving` when the page goes away or out of sight; answers how to stop listening. */
  onLeaving?: (leaving: () => void) => () => void;
}

const writeToDevice = (copy: PersistedCache) => set(STORE_KEY, copy, offlineStore());

/** The page is closed, reloaded, or hidden (a hidden tab may be discarded without 'pagehide'). */
function onPageLeaving(leaving: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') leaving();
  };
  window.addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', leaving);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Mirrors the cache to IndexedDB. Whatever a reload could show wrongly is written as soon as it is
 * known: data that replaced other data (a refetch after a change, a live update, a change's answer),
 * a change that settled, a change made offline. Other updates (a first read, a fetch starting) are
 * written at most once a second. Writes never overlap: one asked for during a write follows it.
 * Leaving or hiding the page writes what is scheduled, though a reload may not wait for that.
 */
export function persistQueryCache(queryClient: QueryClient, options: PersistOptions = {}): () => void {
  const write = options.write ?? writeToDevice;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let soon = false;
  let writing = false;
  let again = false;

  const save = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    soon = false;
    if (writing) {
      again = true;
      return;
    }
    writing = true;
    void write(snapshotForDisk(queryClient))
      .catch(() => {})
      .finally(() => {
        writing = false;
        if (again) {
          again = false;
          save();
        }
      });
  };
  const schedule = (delay: number) => {
    if (timer && (soon || delay > 0)) return;
    if (timer) clearTimeout(timer);
    soon = delay === 0;
    // A delay of 0 still lets the rest of this task (an onSuccess's other cache writes) go with it.
    timer = setTimeout(save, delay);
  };

  // The data each query last showed: a new value for a query that had one is a change to write now.
  const shown = new WeakMap<Query, unknown>();
  for (const query of queryClient.getQueryCache().getAll()) shown.set(query, query.state.data);
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    const { query } = event;
    const before = shown.get(query);
    const data = query.state.data;
    shown.set(query, data);
    const replaced = event.type === 'updated' && before !== undefined && data !== before;
    if (!isPersistedKey(query.queryKey)) return;
    schedule(replaced ? 0 : SAVE_THROTTLE_MS);
  });
  // A change made offline (or one of them leaving for the server) is written at once, and so is a
  // change the server answered; a timer of 0 lets what its callbacks put in the cache go with it.
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    const { mutation } = event;
    const settled = mutation.state.status === 'success' || mutation.state.status === 'error';
    const offline = wasQueued(mutation);
    schedule(settled || offline ? 0 : SAVE_THROTTLE_MS);
  });
  const stopListening = (options.onLeaving ?? onPageLeaving)(() => {
    if (timer) save();
  });
  return () => {
    stopQueries();
    stopMutations();
    stopListening();
    if (timer) save();
  };
}

export async function clearOfflineCache(): Promise<void> {
  await del(STORE_KEY, offlineStore()).catch(() => {});
}
