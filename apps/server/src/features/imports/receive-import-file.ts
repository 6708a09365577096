import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { importTooLargeMessage } from '@figgle/shared/import-schemas';
import { HttpError } from '../../http/errors.ts';
import type { ReceivedFile, Storage } from '../../storage/storage.ts';

export const importTooLarge = (maxBytes: number) =>
  new HttpError(413, 'payload_too_large', importTooLargeMessage(maxBytes));

export interface ReceivedImportFile {
  file: ReceivedFile;
  /** SHA-256 of the bytes, hex: the same file imported twice has the same digest. */
  digest: string;
  /** The file's bytes, in one buffer of their own, to be moved to the thread that reads them. */
  bytes: Uint8Array;
}

/** The chunks as one buffer of their own (never a slice of Node's shared pool), the chunks let go. */
function joined(chunks: Buffer[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  chunks.length = 0;
  return bytes;
}

/**
 * The request body streamed into storage's holding area, counted as it comes: past maxBytes the
 * stream fails with 413 before anything is parsed, and storage drops what it had written. The bytes
 * are kept once, outside the JavaScript heap, for the thread that reads them (read-in-thread.ts):
 * decoding and parsing happen there, not on the event loop that answers every request.
 */
export async function receiveImportFile(
  body: Readable,
  storage: Storage,
  maxBytes: number,
): Promise<ReceivedImportFile> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(importTooLarge(maxBytes));
        return;
      }
      hash.update(chunk);
      chunks.push(chunk);
      done(null, chunk);
    },
  });
  body.once('error', (error) => counter.destroy(error));
  const file = await storage.receive(body.pipe(counter));
  return { file, digest: hash.digest('hex'), bytes: joined(chunks, size) };
}

/** The stored file's bytes, for the import job. null when it is gone. */
export async function readStoredImportFile(storage: Storage, path: string): Promise<Uint8Array | null> {
  const stored = await storage.get(path);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stored.body as Readable) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return joined(chunks, size);
}
