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
  text: string;
}

/**
 * The request body streamed into storage's holding area, counted as it comes: past maxBytes the
 * stream fails with 413 before anything is parsed, and storage drops what it had written. Each chunk
 * is decoded as it passes and then let go, so memory holds the text once, never the bytes beside it
 * (three copies at the end before: the chunks, their concatenation and the text).
 */
export async function receiveImportFile(
  body: Readable,
  storage: Storage,
  maxBytes: number,
): Promise<ReceivedImportFile> {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(importTooLarge(maxBytes));
        return;
      }
      hash.update(chunk);
      parts.push(decoder.decode(chunk, { stream: true }));
      done(null, chunk);
    },
  });
  body.once('error', (error) => counter.destroy(error));
  const file = await storage.receive(body.pipe(counter));
  parts.push(decoder.decode());
  const text = parts.join('');
  parts.length = 0;
  return { file, digest: hash.digest('hex'), text };
}

/** The stored file's text, for the import job. null when it is gone. */
export async function readStoredImportFile(storage: Storage, path: string): Promise<string | null> {
  const stored = await storage.get(path);
  if (!stored) return null;
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  for await (const chunk of stored.body as Readable)
    parts.push(decoder.decode(chunk as Buffer, { stream: true }));
  parts.push(decoder.decode());
  return parts.join('');
}
