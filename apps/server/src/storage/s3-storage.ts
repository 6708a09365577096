import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EMPTY_PAYLOAD_HASH, signRequest } from './sigv4.ts';
import { type Storage, StorageConflictError } from './storage.ts';
import { writeStreamToFile } from './write-file.ts';

export interface S3Settings {
  /** e.g. https://s3.eu-west-3.amazonaws.com or http://127.0.0.1:9000 (MinIO); path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** One PUT of a file from disk: its length is known and it is streamed, never read whole. */
function putFile(url: URL, headers: Record<string, string>, file: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'PUT', headers },
      (response) =>
        text(response).then((body) => resolve({ status: response.statusCode ?? 0, body }), reject),
    );
    pipeline(createReadStream(file), request).catch(reject);
  });
}

/**
 * S3-compatible object storage spoken to with signed PUT and GET (no SDK). `If-None-Match: *` makes
 * the store refuse to replace an existing object (412), which AWS S3, MinIO and R2 honour.
 * A received file waits in a private temporary folder, which gives the PUT its length and the signature
 * its hash of the body without holding the file in memory.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const base = settings.endpoint.replace(/\/+$/, '');
  const urlOf = (path: string) =>
    new URL(
      `${base}/${encodeURIComponent(settings.bucket)}/${path.split('/').map(encodeURIComponent).join('/')}`,
    );
  const credentials = {
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
  };

  return {
    kind: 's3',
    async receive(body) {
      const folder = await mkdtemp(join(os.tmpdir(), 'figgle-s3-upload-'));
      const discard = () => rm(folder, { recursive: true, force: true });
      const held = join(folder, 'file');
      const hash = createHash('sha256');
      let size: number;
      try {
        size = await writeStreamToFile(body, held, (chunk) => hash.update(chunk));
      } catch (error) {
        await discard();
        throw error;
      }
      const payloadHash = hash.digest('hex');
      return {
        size,
        discard,
        async keep(path, options) {
          try {
            const url = urlOf(path);
            const headers = signRequest({
              method: 'PUT',
              url,
              headers: {
                'content-type': options.contentType,
                'cache-control': options.cacheControl,
                'content-length': String(size),
                'if-none-match': '*',
              },
              payloadHash,
              ...credentials,
            });
            delete headers.host;
            const response = await putFile(url, headers, held);
            if (response.status === 412 || response.status === 409) throw new StorageConflictError(path);
            if (response.status < 200 || response.status > 299) {
              throw new Error(`S3 PUT ${path} failed: ${response.status} ${response.body.slice(0, 300)}`);
            }
          } finally {
            await discard();
          }
        },
      };
    },
    async get(path) {
      const url = urlOf(path);
      const headers = signRequest({ method: 'GET', url, payloadHash: EMPTY_PAYLOAD_HASH, ...credentials });
      delete headers.host;
      const response = await fetch(url, { headers });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) {
        throw new Error(`S3 GET ${path} failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
      }
      return {
        body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        size: Number(response.headers.get('content-length') ?? 0),
      };
    },
    async remove(path) {
      const url = urlOf(path);
      const headers = signRequest({ method: 'DELETE', url, payloadHash: EMPTY_PAYLOAD_HASH, ...credentials });
      delete headers.host;
      const response = await fetch(url, { method: 'DELETE', headers });
      // S3 answers 204 whether or not something was there; some compatible stores answer 404.
      if (!response.ok && response.status !== 404) {
        throw new Error(
          `S3 DELETE ${path} failed: ${response.status} ${(await response.text()).slice(0, 300)}`,
        );
      }
      await response.body?.cancel();
    },
  };
}
