import { fdatasyncSync, fsyncSync, readdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];

interface NodeStream {
  /** The real file descriptor Emscripten's NODEFS opened for this stream. */
  nfd: number;
  node: { mode: number };
}

interface EmscriptenModule {
  FS: { isDir(mode: number): boolean };
  NODEFS: { stream_ops: Record<string, unknown> };
}

/**
 * PGlite's Node file system is Emscripten's NODEFS, whose streams have no `fsync` operation: the
 * `fsync()` PostgreSQL calls inside WebAssembly finds none and succeeds without touching the disk,
 * and `fdatasync()` is answered 0 before any stream is consulted. This one gives NODEFS that
 * operation, so each `fsync()` reaches the real file: `fdatasync` for a file (its data and its
 * size, what PostgreSQL itself asks of the write-ahead log on Linux), `fsync` for a folder (a file
 * created or renamed in it). PostgreSQL must then be started with `wal_sync_method=fsync`, the one
 * method that goes through `fsync()`. docs/durability.md tells the whole story.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Partial<EmscriptenOptions>) {
    const { emscriptenOpts } = await super.init(pg, options);
    const giveNodeFsAnFsync = (mod: EmscriptenModule) => {
      mod.NODEFS.stream_ops.fsync = (stream: NodeStream) => {
        if (mod.FS.isDir(stream.node.mode)) fsyncSync(stream.nfd);
        else fdatasyncSync(stream.nfd);
        return 0;
      };
    };
    const preRun = [emscriptenOpts.preRun ?? []].flat();
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...preRun, giveNodeFsAnFsync] } };
  }
}

/** The start parameters that make PostgreSQL sync through DurableNodeFS: fsync on, by `fsync()`. */
export const DURABLE_START_PARAMS = ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/** Files flushed at once: the disk merges flushes that wait together (3 s one by one, 0.7 s so here). */
const SYNCS_AT_ONCE = 16;

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
