import { closeSync, fdatasync, fdatasyncSync, fsyncSync, readdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];

interface NodeStream {
  /** The real file descriptor Emscripten's NODEFS opened for this stream. */
  nfd: number;
  node: { mode: number; name: string; parent?: { name: string } };
  shared: { refcount: number };
}

type StreamOp = (stream: NodeStream, ...rest: unknown[]) => unknown;
type NodeOp = (...args: unknown[]) => unknown;

interface EmscriptenModule {
  FS: { isDir(mode: number): boolean };
  NODEFS: { stream_ops: Record<string, StreamOp>; node_ops: Record<string, NodeOp> };
}

/** The flush calls the flusher makes; tests give it recorded ones. */
export interface FlushCalls {
  fdatasyncSync(fd: number): void;
  fdatasync(fd: number, done: (error: Error | null) => void): void;
  closeSync(fd: number): void;
}

const nodeFlushCalls: FlushCalls = { fdatasyncSync, fdatasync, closeSync };

interface Waiter {
  /** Covered once every WAL flush PostgreSQL asked for up to this number is on disk. */
  upTo: number;
  resolve(): void;
  reject(error: Error): void;
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/group-commit.md
/**
 * Group commit for the write-ahead log. PostgreSQL's `fsync()` of a WAL segment returns at once:
 * the segment is noted as owed a flush, and a flush runs on Node's thread pool (`fs.fdatasync`)
 * while the JavaScript thread serves other requests. `durable()` answers once a flush that started
 * after the caller's commit has completed; commits made while one flush runs share the next.
 *
 * PostgreSQL now believes its WAL is on disk before it is, so this keeps its rule for it: the WAL
 * reaches the disk before the data it describes. Before any other file is written, flushed,
 * truncated, renamed or removed, and before a WAL segment owing a flush is closed, every owed
 * flush is done synchronously (`flushOwed`).
 */
export class WalFlusher {
  /** WAL flushes PostgreSQL asked for so far (each commit asks for one). */
  private asked = 0;
  /** Every flush asked for up to this number is on disk. */
  private flushed = 0;
  /** WAL descriptors asked to flush since their last flush started. */
  private owed = new Set<number>();
  /** The descriptors the running background flush is syncing. */
  private inFlight: Set<number> | undefined;
  /** Whether what the running flush covers may still be off the disk (no synchronous flush since). */
  private inFlightUncovered = false;
  /** WAL descriptors PostgreSQL closed while a background flush still uses them. */
  private readonly closeAfterFlight = new Set<number>();
  private waiters: Waiter[] = [];
  private idleWaiters: Array<() => void> = [];
  private failure: Error | undefined;
  /** How many flushes ran in the background, and how many synchronously (WAL-before-data). */
  readonly counts = { background: 0, synchronous: 0 };

  constructor(private readonly calls: FlushCalls = nodeFlushCalls) {}

  /** PostgreSQL asked for the WAL written to `fd` to be on disk. */
  walSyncRequested(fd: number): void {
    if (this.failure) throw this.failure;
    this.owed.add(fd);
    this.asked += 1;
    this.startFlush();
  }

  /** Resolves once every WAL flush asked for until now is on disk. */
  durable(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.flushed >= this.asked) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ upTo: this.asked, resolve, reject }));
  }

  /** Resolves when no background flush runs (before the data directory is given up). */
  idle(): Promise<void> {
    if (!this.inFlight) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Flushes every owed WAL descriptor now, those a background flush is syncing included. */
  flushOwed(): void {
    if (this.owed.size === 0 && !this.inFlightUncovered) return;
    if (this.failure) throw this.failure;
    const descriptors = new Set([...this.owed, ...(this.inFlightUncovered ? (this.inFlight ?? []) : [])]);
    try {
      for (const fd of descriptors) this.calls.fdatasyncSync(fd);
    } catch (error) {
      this.fail(error as Error);
      throw error;
    }
    this.counts.synchronous += 1;
    this.owed.clear();
    this.inFlightUncovered = false;
    this.markFlushed(this.asked);
  }

  /**
   * PostgreSQL closes `fd` (its last reference): a WAL segment still owed a flush is flushed first.
   * Answers true when the close is put off until the background flush using `fd` is done.
   */
  closing(fd: number): boolean {
    if (this.owed.has(fd) || (this.inFlightUncovered && this.inFlight?.has(fd))) this.flushOwed();
    if (!this.inFlight?.has(fd)) return false;
    this.closeAfterFlight.add(fd);
    return true;
  }

  private startFlush(): void {
    if (this.inFlight || this.owed.size === 0) return;
    const upTo = this.asked;
    const descriptors = this.owed;
    this.owed = new Set();
    this.inFlight = descriptors;
    this.inFlightUncovered = true;
    this.counts.background += 1;
    let left = descriptors.size;
    let failure: Error | null = null;
    for (const fd of descriptors) {
      this.calls.fdatasync(fd, (error) => {
        failure ??= error;
        left -= 1;
        if (left === 0) this.flushDone(upTo, failure);
      });
    }
  }

  private flushDone(upTo: number, error: Error | null): void {
    this.inFlight = undefined;
    this.inFlightUncovered = false;
    for (const fd of this.closeAfterFlight) this.calls.closeSync(fd);
    this.closeAfterFlight.clear();
    if (error) this.fail(error);
    else this.markFlushed(upTo);
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    if (!this.failure) this.startFlush();
  }

  private markFlushed(upTo: number): void {
    if (upTo <= this.flushed) return;
    this.flushed = upTo;
    let covered = 0;
    while (covered < this.waiters.length && (this.waiters[covered] as Waiter).upTo <= upTo) covered += 1;
    for (const waiter of this.waiters.splice(0, covered)) waiter.resolve();
  }

  /**
   * A failed flush may have lost the WAL it covered (the kernel forgets the dirty pages): like
   * PostgreSQL with data_sync_retry off, nothing is acknowledged again until the process restarts.
   */
  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }
}

export interface DurableNodeFSOptions {
  /**
   * false flushes the WAL synchronously inside each commit (one flush per commit, the JavaScript
   * thread waiting): only to measure what group commit brings.
   */
  groupCommit?: boolean;
  /** The flush calls (tests record them). */
  calls?: FlushCalls;
}

/**
 * PGlite's Node file system is Emscripten's NODEFS, whose streams have no `fsync` operation: the
 * `fsync()` PostgreSQL calls inside WebAssembly finds none and succeeds without touching the disk,
 * and `fdatasync()` is answered 0 before any stream is consulted. This one gives NODEFS that
 * operation, so each `fsync()` reaches the real file: `fdatasync` for a file (its data and its
 * size, what PostgreSQL itself asks of the write-ahead log on Linux), `fsync` for a folder (a file
 * created or renamed in it). PostgreSQL must then be started with `wal_sync_method=fsync`, the one
 * method that goes through `fsync()`. A WAL segment's flush is a group commit (WalFlusher): answers
 * wait for `durable()`. docs/durability.md tells the whole story.
 */
export class DurableNodeFS extends NodeFS {
  readonly flusher: WalFlusher;
  private readonly groupCommit: boolean;
  private readonly calls: FlushCalls;

  constructor(dataDir: string, options: DurableNodeFSOptions = {}) {
    super(dataDir);
    this.calls = options.calls ?? nodeFlushCalls;
    this.flusher = new WalFlusher(this.calls);
    this.groupCommit = options.groupCommit ?? true;
  }

  /** Resolves once every commit made until now is on disk. */
  durable(): Promise<void> {
    return this.flusher.durable();
  }

  override async init(pg: PGlite, options: Partial<EmscriptenOptions>) {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = [emscriptenOpts.preRun ?? []].flat();
    const makeDurable = (mod: EmscriptenModule) => this.wrapOperations(mod);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...preRun, makeDurable] } };
  }

  private wrapOperations({ FS, NODEFS }: EmscriptenModule): void {
    const { flusher, calls, groupCommit } = this;
    const streamOps = NODEFS.stream_ops;
    const isWal = (stream: NodeStream) =>
      stream.node.parent?.name === 'pg_wal' && !FS.isDir(stream.node.mode);
    streamOps.fsync = (stream) => {
      if (isWal(stream) && groupCommit) {
        flusher.walSyncRequested(stream.nfd);
        return 0;
      }
      if (!isWal(stream)) flusher.flushOwed();
      if (FS.isDir(stream.node.mode)) fsyncSync(stream.nfd);
      else calls.fdatasyncSync(stream.nfd);
      return 0;
    };
    // Writing another file (a data page, pg_control, the commit log) or changing its size: the WAL
    // that describes the change goes first. (msync writes through `write`.)
    for (const name of ['write', 'setattr']) {
      const operation = streamOps[name] as StreamOp;
      streamOps[name] = (stream, ...rest) => {
        if (!isWal(stream)) flusher.flushOwed();
        return operation(stream, ...rest);
      };
    }
    const close = streamOps.close as StreamOp;
    streamOps.close = (stream) => {
      if (stream.nfd && stream.shared.refcount === 1 && flusher.closing(stream.nfd)) {
        stream.shared.refcount = 0;
        return undefined;
      }
      return close(stream);
    };
    // Creating, renaming, truncating or removing a file by name: owed WAL first, too.
    const nodeOps = NODEFS.node_ops;
    for (const name of ['mknod', 'rename', 'unlink', 'rmdir', 'setattr', 'symlink']) {
      const operation = nodeOps[name] as NodeOp;
      nodeOps[name] = (...args) => {
        flusher.flushOwed();
        return operation(...args);
      };
    }
  }
}

/** The start parameters that make PostgreSQL sync through DurableNodeFS: fsync on, by `fsync()`. */
export const DURABLE_START_PARAMS = ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/** Files flushed at once: the disk merges flushes that wait together (3 s one by one, 0.7 s so here). */
export const SYNCS_AT_ONCE = 16;

/**
 * Flushes every file and folder under `root` (and `root`): a data directory made by copying files
 * (or by initdb, which PGlite runs without syncing) is on disk before it is used.
 */
export async function syncTree(root: string): Promise<void> {
  const paths = listTree(root);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await syncPath(paths[next++] as string);
  };
  await Promise.all(Array.from({ length: SYNCS_AT_ONCE }, worker));
}

function listTree(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...listTree(child));
    else if (entry.isFile()) found.push(child);
  }
  found.push(folder);
  return found;
}

export async function syncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
