import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { ImportAnalysis, ImportFormat } from '@figgle/shared/import-schemas';
import { HttpError } from '../../http/errors.ts';
import type { FileReaderReply, FileReaderRequest } from './file-reader-messages.ts';
import { TaskBatches } from './import-batches.ts';
import type { ImportPlan, ImportTask } from './import-item.ts';
import { fileParses } from './one-parse-at-a-time.ts';
import type { ImportMapping } from './read-import-file.ts';

/**
 * A file-reader thread may grow its heap to this much: a 50 MB Trello board (IMPORT_MAX_BYTES) parses
 * into about 300 MB of objects. A file past it ends the thread, not the server, and is refused.
 */
const THREAD_HEAP_MB = 768;

/**
 * The thread's code. In the bundle (scripts/server-run.mjs) it is an entry of its own in
 * apps/server/dist, beside main.mjs, while this module may be bundled into dist/chunks. Where the
 * server runs from source (tests, `npm run dev`), a thread does not inherit tsx's loader and Node 20
 * will not start one on a .ts file: a line of JavaScript registers tsx in the thread first.
 */
function newThread(options: WorkerOptions): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const source = new URL('./file-reader-thread.ts', here).href;
    return new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
      { ...options, eval: true },
    );
  }
  return new Worker(
    new URL(here.includes('/chunks/') ? '../file-reader-thread.mjs' : './file-reader-thread.mjs', here),
    options,
  );
}

const tooLargeToRead = () =>
  new HttpError(
    413,
    'payload_too_large',
    'This file holds too much to be read at once. Split it (a board per file, fewer rows) and import each part.',
  );

/** One thread for one file: requests answered in turn, ended with `close`. */
class FileReader {
  readonly #worker: Worker;
  #pending: { resolve: (reply: FileReaderReply) => void; reject: (error: Error) => void } | null = null;
  #ended: Error | null = null;

  constructor() {
    this.#worker = newThread({
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
      stdout: false,
      stderr: false,
    });
    this.#worker.unref();
    this.#worker.on('message', (reply: FileReaderReply) => {
      const pending = this.#pending;
      this.#pending = null;
      pending?.resolve(reply);
    });
    const end = (error: Error) => {
      this.#ended = error;
      const pending = this.#pending;
      this.#pending = null;
      pending?.reject(error);
    };
    this.#worker.on('error', (error: Error & { code?: string }) =>
      end(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLargeToRead() : error),
    );
    this.#worker.on('exit', () => end(new Error('The file-reader thread stopped.')));
  }

  /**
   * Sends the file to the thread as it is read, a chunk at a time (copied: a chunk may share its
   * buffer with others), so that it is whole only there; nothing of it stays on this side.
   */
  async send(file: StoredFile): Promise<void> {
    this.#worker.postMessage({ kind: 'begin', size: file.size } satisfies FileReaderRequest);
    for await (const chunk of file.chunks) {
      if (this.#ended) throw this.#ended;
      const own = new Uint8Array(chunk);
      this.#worker.postMessage({ kind: 'chunk', bytes: own } satisfies FileReaderRequest, [own.buffer]);
    }
  }

  /** Sends `request` (moving `bytes` into the thread) and waits for its one reply. */
  ask(request: Extract<FileReaderRequest, { kind: 'analyse' | 'plan' }>): Promise<FileReaderReply> {
    if (this.#ended) return Promise.reject(this.#ended);
    return new Promise<FileReaderReply>((resolve, reject) => {
      this.#pending = { resolve, reject };
      const transfer = request.bytes ? [request.bytes.buffer as ArrayBuffer] : [];
      this.#worker.postMessage(request, transfer);
    }).then((reply) => {
      if (reply.kind === 'refused')
        throw new HttpError(reply.statusCode, reply.code, reply.message, reply.issues);
      if (reply.kind === 'failed') throw new Error(reply.message);
      return reply;
    });
  }

  close(): Promise<number> {
    return this.#worker.terminate();
  }
}

/** Copies `bytes` into a buffer of their own, which can be moved to the thread whole. */
function movable(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  return new Uint8Array(bytes);
}

/** A stored file, read only once its parse has its turn: files waiting for theirs hold no memory. */
export interface StoredFile {
  size: number;
  chunks: AsyncIterable<Uint8Array>;
}

/** The file as bytes (moved to the thread), or from storage, opened when the turn comes. */
type FileToRead = Uint8Array | (() => Promise<StoredFile>);

/** Starts `request` on `reader`, the file with it or sent before it. */
async function askAbout(
  reader: FileReader,
  file: FileToRead,
  request: Extract<FileReaderRequest, { kind: 'analyse' | 'plan' }>,
): Promise<FileReaderReply> {
  if (file instanceof Uint8Array) return reader.ask({ ...request, bytes: movable(file) });
  await reader.send(await file());
  return reader.ask(request);
}

/**
 * What the file is and holds (read-import-file.ts's analyseImportFile), read in a thread: a file that
 * cannot be read is the same 400 as before. Bytes given are moved to the thread and unusable after.
 */
export function analyseInThread(
  file: FileToRead,
): Promise<{ format: ImportFormat; analysis: ImportAnalysis }> {
  return fileParses.run(async () => {
    const reader = new FileReader();
    try {
      const reply = await askAbout(reader, file, { kind: 'analyse' });
      if (reply.kind !== 'analysed') throw new Error(`unexpected reply ${reply.kind}`);
      return { format: reply.format, analysis: reply.analysis };
    } finally {
      await reader.close();
    }
  });
}

export interface PlanInThread extends Omit<ImportPlan, 'tasks'> {
  /** The next tasks to write, about `rows` rows of them (import-batches.ts), or null after the last. */
  nextBatch(rows: number): ImportTask[] | null;
}

/**
 * The tasks to write (planImportFile), read in a thread that packs them (import-batches.ts), the first
 * `from` left out (already written), and ends: the parsed file and the thread's heap are gone before
 * the first batch is written, and the next file's parse can take its turn.
 */
export async function planInThread(
  file: FileToRead,
  format: ImportFormat,
  mapping: ImportMapping,
  from: number,
): Promise<PlanInThread> {
  const reply = await fileParses.run(async () => {
    const reader = new FileReader();
    try {
      return await askAbout(reader, file, { kind: 'plan', format, mapping, from });
    } finally {
      await reader.close();
    }
  });
  if (reply.kind !== 'planned') throw new Error(`unexpected reply ${reply.kind}`);
  const batches = new TaskBatches(reply.tasks);
  return {
    taskCount: reply.taskCount,
    labels: reply.labels,
    skipped: reply.skipped,
    estimateScale: reply.estimateScale,
    structure: reply.structure,
    planning: reply.planning,
    nextBatch: (rows) => batches.take(rows),
  };
}
