import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** An answer as it crossed the wire, and its text unpacked. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body's bytes as sent (compressed when the server compressed it). */
  wire: number;
  text: string;
}

/**
 * A GET over node:http, which unpacks nothing (fetch would, and hide the bytes on the wire): the
 * body is unpacked here in native code, as a browser does, so a timing does not count the client's
 * own stream work. Server tests and benchmarks read compressed answers through it.
 */
export function getRaw(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  agent?: http.Agent,
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const unpacked =
            encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            wire: body.byteLength,
            text: unpacked.toString(),
          });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
