import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A file name any browser and file system takes: letters, digits and dashes from `parts`, accents
 * dropped, so no quote, slash or control character can reach the Content-Disposition header.
 */
export function safeFileName(parts: string[], extension: 'csv' | 'json'): string {
  const words = parts
    .map((part) =>
      part
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-')
    .slice(0, 120)
    .replace(/-+$/, '');
  return `${words || 'figgle-export'}.${extension}`;
}

/** The day of an export, for its file name. */
export const exportDay = (exportedAt: string) => exportedAt.slice(0, 10);

/**
 * Sends text made piece by piece as a download: the client gets the first bytes while later pages
 * are still being read, gzipped on the way when it accepts gzip. A failure after the first byte
 * can only cut the answer short (the status is gone): the download then ends as an error in the
 * browser rather than as a file that looks whole.
 */
export function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { contentType: string; fileName: string; chunks: AsyncIterable<string> },
) {
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('vary', 'accept-encoding');
  const source = Readable.from(file.chunks);
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(source);
  const gzip = createGzip({ level: constants.Z_BEST_SPEED });
  pipeline(source, gzip).catch((error: unknown) => request.log.warn({ err: error }, 'export cut short'));
  return reply.header('content-encoding', 'gzip').send(gzip);
}
