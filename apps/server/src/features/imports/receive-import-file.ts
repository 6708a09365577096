import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { importTooLargeMessage } from '@figgle/shared/import-schemas';
import { HttpError } from '../../http/errors.ts';
import type { ReceivedFile, Storage } from '../../storage/storage.ts';
import type { StoredFile } from './read-in-thread.ts';

export const importTooLarge = (maxBytes: number) =>
  new HttpError(413, 'payload_too_large', importTooLargeMessage(maxBytes));

export interface ReceivedImportFile {
  file: ReceivedFile;
  /** SHA-256 of the bytes, hex: the same file imported twice has the same digest. */
  digest: string;
}

/**
 * The request body streamed into storage's holding area, counted and hashed as it comes: past
 * maxBytes the stream fails with 413 before anything is parsed, and storage drops what it had
 * written. Nothing of the file is kept in memory: the thread that reads it (read-in-thread.ts) reads
 * it back from storage when its turn comes.
 */
export async function receiveImportFile(
  body: Readable,
  storage: Storage,
  maxBytes: number,
): Promise<ReceivedImportFile> {
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(importTooLarge(maxBytes));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  body.once('error', (error) => counter.destroy(error));
  const file = await storage.receive(body.pipe(counter));
  return { file, digest: hash.digest('hex') };
}

/** Opens the stored file at `path` for a file-reader thread; `gone` when nothing is stored there. */
export function storedImportFile(
  storage: Storage,
  path: string,
  gone: () => Error,
): () => Promise<StoredFile> {
  return async () => {
    const stored = await storage.get(path);
    if (!stored) throw gone();
    return { size: stored.size, chunks: stored.body as AsyncIterable<Uint8Array> };
  };
}
