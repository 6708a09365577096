import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

export interface StaticFile {
  /** The address it answers, `/assets/index-abc.js`. */
  urlPath: string;
  contentType: string;
  etag: string;
  identity: Buffer;
  /** The build's precompressed copies (name.br, name.gz), when it wrote them. */
  encoded: Partial<Record<Encoding, Buffer>>;
  cacheControl: string;
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/static-files.md
/**
 * The built web app, read once into memory: a cold page load asks for some forty files at once over
 * six connections, and answering each from memory (no stat, open and read per request) takes a
 * fraction of the time. The build is a few MB, precompressed copies included.
 */
export function loadStaticFiles(rootDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const filePath of staticFilePaths(rootDir)) {
    const file = loadStaticFile(rootDir, filePath);
    files.set(file.urlPath, file);
  }
  return files;
}

/** The files of the build that are answered (their precompressed copies go with them). */
export function staticFilePaths(rootDir: string): string[] {
  return readdirSync(rootDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The address a file of the build answers: `/assets/index-abc.js`. */
export function staticUrlPath(rootDir: string, filePath: string): string {
  return `/${path.relative(rootDir, filePath).split(path.sep).join('/')}`;
}

export function loadStaticFile(rootDir: string, filePath: string): StaticFile {
  const urlPath = staticUrlPath(rootDir, filePath);
  const identity = readFileSync(filePath);
  const encoded: StaticFile['encoded'] = {};
  for (const encoding of ['br', 'gzip'] as const) {
    try {
      encoded[encoding] = readFileSync(filePath + SUFFIX[encoding]);
    } catch {
      // No precompressed copy (small files): sent as they are.
    }
  }
  return {
    urlPath,
    contentType: CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 20)}"`,
    identity,
    encoded,
    // Built assets carry their content hash in their name; everything else is checked each time.
    cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
}

/** The best copy for the request's Accept-Encoding: brotli, then gzip, then the plain bytes. */
export function pickEncoding(file: StaticFile, acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = acceptEncoding
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(quality))
    .map(([name]) => name?.trim().toLowerCase());
  for (const encoding of ['br', 'gzip'] as const) {
    if (file.encoded[encoding] && accepted.includes(encoding)) return encoding;
  }
  return null;
}

export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.header('cache-control', file.cacheControl).header('etag', file.etag);
  if (Object.keys(file.encoded).length > 0) reply.header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
    return reply.code(304).send();
  }
  const encoding = pickEncoding(file, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type(file.contentType).send(encoding ? file.encoded[encoding] : file.identity);
}
