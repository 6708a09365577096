import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signRequest } from './sigv4.ts';
import { type Storage, StorageConflictError } from './storage.ts';

export interface S3Settings {
  /** e.g. https://s3.eu-west-3.amazonaws.com or http://127.0.0.1:9000 (MinIO); path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3-compatible object storage spoken to with signed PUT and GET (no SDK). `If-None-Match: *` makes
 * the store refuse to replace an existing object (412), which AWS S3, MinIO and R2 honour.
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
    async put(path, body, options) {
      const url = urlOf(path);
      const headers = signRequest({
        method: 'PUT',
        url,
        headers: {
          'content-type': options.contentType,
          'cache-control': options.cacheControl,
          'content-length': String(body.length),
          'if-none-match': '*',
        },
        payloadHash: sha256Hex(body),
        ...credentials,
      });
      delete headers.host;
      const response = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });
      if (response.status === 412 || response.status === 409) throw new StorageConflictError(path);
      if (!response.ok) {
        throw new Error(`S3 PUT ${path} failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
      }
      await response.body?.cancel();
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
  };
}
