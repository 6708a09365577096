import { readFile, stat } from 'node:fs/promises';
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
  contentType: string;
  etag: string;
  identity: Buffer;
  /** The build's precompressed copies (name.br, name.gz), when it wrote them. */
  encoded: Partial<Record<Encoding, Buffer>>;
  cacheControl: string;
}

/**
 * The file of the build that answers an address (`/assets/index-abc.js`), or undefined. Only plain
 * files inside the build answer: not a folder, not a precompressed copy on its own, nothing a `..`
 * or an encoded character would lead outside it.
 */
export function staticFilePath(rootDir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || /\.(br|gz)$/.test(decoded)) return undefined;
  const root = path.resolve(rootDir);
  const filePath = path.resolve(root, `.${decoded}`);
  return filePath.startsWith(root + path.sep) ? filePath : undefined;
}

/**
 * Reads a file of the built web app from disk at each request, so a rebuild under a running server is
 * served at once (docs/machinery/README.md, "Removed", says why nothing is kept in memory). undefined when
 * there is no such file.
 */
export async function readStaticFile(rootDir: string, urlPath: string): Promise<StaticFile | undefined> {
  const filePath = staticFilePath(rootDir, urlPath);
  if (!filePath) return undefined;
  const stats = await stat(filePath).catch(() => undefined);
  if (!stats?.isFile()) return undefined;
  const [identity, br, gzip] = await Promise.all([
    readFile(filePath),
    // No precompressed copy (small files): sent as they are.
    readFile(filePath + SUFFIX.br).catch(() => undefined),
    readFile(filePath + SUFFIX.gzip).catch(() => undefined),
  ]);
  const encoded: StaticFile['encoded'] = {};
  if (br) encoded.br = br;
  if (gzip) encoded.gzip = gzip;
  return {
    contentType: CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream',
    // Size and time of the last write: a rebuilt file gets a new tag without hashing its bytes.
    etag: `"${identity.length.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`,
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

/** Whether the browser's If-None-Match names the file's current tag. */
export function browserHasFile(file: StaticFile, ifNoneMatch: string | undefined): boolean {
  return !!ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag);
}

export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.header('cache-control', file.cacheControl).header('etag', file.etag);
  if (Object.keys(file.encoded).length > 0) reply.header('vary', 'accept-encoding');
  if (browserHasFile(file, request.headers['if-none-match'])) return reply.code(304).send();
  const encoding = pickEncoding(file, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type(file.contentType).send(encoding ? file.encoded[encoding] : file.identity);
}
