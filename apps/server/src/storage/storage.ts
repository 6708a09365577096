import type { Readable } from 'node:stream';

interface StoredObject {
  body: Readable;
  size: number;
}

interface PutOptions {
  contentType: string;
  cacheControl: string;
}

/**
 * A file streamed into holding, on disk and off every path: nothing is held in memory whatever its
 * size, and nothing can be read until it is kept. One of keep or discard is called once.
 */
export interface ReceivedFile {
  readonly size: number;
  /** Puts the file at its path; throws StorageConflictError when something is stored there already. */
  keep(path: string, options: PutOptions): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where uploaded files live. Paths are relative and already safe (see @figgle/shared/upload-name);
 * a write never replaces an existing file.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Reads the stream into holding; when it fails (the stream's own error included), nothing is left. */
  receive(body: Readable): Promise<ReceivedFile>;
  /** null when nothing is stored at the path. */
  get(path: string): Promise<StoredObject | null>;
  /** Removes the file at the path for good; nothing stored there is not an error (the trash's purge). */
  remove(path: string): Promise<void>;
}

export class StorageConflictError extends Error {
  constructor(readonly path: string) {
    super(`A file is already stored at ${path}.`);
  }
}
