import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE } from '../private-files.ts';

/**
 * Streams a body into a new private file, chunk by chunk (each chunk also goes to `sawChunk`, e.g.
 * a hash); the bytes written. When the body or the disk fails, the file is removed and the error thrown.
 */
export async function writeStreamToFile(
  body: Readable,
  file: string,
  sawChunk?: (chunk: Buffer) => void,
): Promise<number> {
  let size = 0;
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          sawChunk?.(chunk);
          yield chunk;
        }
      },
      createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE, flush: true }),
    );
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return size;
}
