import { promisify } from 'node:util';
import {
  brotliCompress as brotliCallback,
  brotliCompressSync,
  constants,
  gzip as gzipCallback,
  gzipSync,
} from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCallback);
const COMPRESS_FROM_BYTES = 16 * 1024;

/**
 * Brotli quality 4 for a long text: on a 1,000-task list's JSON (800 KB) it gives about a third
 * fewer bytes than gzip's fastest level, in about the same time (qualities 5 and up cost several
 * times more for a few percent). A text of the board's size (BOARD_SIZE) gets a higher quality,
 * which still costs it under 2 ms: docs/machinery/task-list-cache.md has the figures.
 */
const LONG_QUALITY = 4;
const BOARD_QUALITY = 5;
const BOARD_SIZE = 256 * 1024;

function brotliOptions(text: string) {
  const quality = text.length > BOARD_SIZE ? LONG_QUALITY : BOARD_QUALITY;
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  };
}

/** A text compressed as an answer would be, on this thread (bench/board times it). */
export function compressJsonText(text: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, brotliOptions(text))
    : gzipSync(text, { level: constants.Z_BEST_SPEED });
}

/** JSON text that may keep its compressed copies (a cached task list). */
export interface JsonText {
  body: string;
  /** The body's length, when known without joining it (a patched list's body is joined on demand). */
  characters?: number;
  gzipped?: Buffer;
  brotli?: Buffer;
  /**
   * Its gzip from pieces compressed before (a list patched after a write): far cheaper than brotli
   * of the whole text, so it answers until the brotli copy, made after a quiet moment, is there.
   */
  gzipOfPieces?: () => Buffer;
  brotliUnderWay?: boolean;
  /**
   * Patched after a write (a board shape): its gzip at the fastest level answers a browser at once,
   * and its brotli copy replaces it after a quiet moment. On a 1,000-task board (104 KB) gzip 1 took
   * 0.3 ms for 19.7 KiB, brotli 3 (the quick copy before) 2.0 ms for 14.0 KiB and brotli 5 6.9 ms for
   * 12.9 KiB, on the 2-core machine at load 9: what a read right after a write waited for.
   */
  quickFirst?: boolean;
  /** Set when a newer text replaced this one: its brotli copy is no longer worth making. */
  replaced?: boolean;
  /** Its quick gzip copy, under way before anyone asked for it (compressAhead). */
  gzipAhead?: Promise<Buffer>;
}

/** How long a patched list stays unchanged before its brotli copy is made (most are patched again sooner on a busy board). */
const BROTLI_AFTER_MS = 250;

/** Makes the brotli copy of a text in the background, once, after a quiet moment. */
function brotliLater(json: JsonText): void {
  if (json.brotliUnderWay) return;
  json.brotliUnderWay = true;
  setTimeout(() => {
    if (json.replaced) return;
    brotli(json.body, brotliOptions(json.body)).then(
      (compressed) => {
        json.brotli = compressed;
      },
      () => {
        json.brotliUnderWay = false;
      },
    );
  }, BROTLI_AFTER_MS).unref();
}

/**
 * Starts the copy a browser will be answered first (the quick gzip of a patched board), off the
 * event loop, for a text that is likely to be read soon: its read then waits for less, or not at all.
 */
export function compressAhead(json: JsonText): void {
  if (json.gzipped || json.gzipAhead || (json.characters ?? json.body.length) < COMPRESS_FROM_BYTES) return;
  // Made of pieces compressed before, all but the changed ones: done here, a fraction of a millisecond.
  if (json.gzipOfPieces) {
    json.gzipped = json.gzipOfPieces();
    return;
  }
  json.gzipAhead = gzip(json.body, { level: constants.Z_BEST_SPEED });
  json.gzipAhead.then(
    (compressed) => {
      json.gzipped ??= compressed;
    },
    () => {
      json.gzipAhead = undefined;
    },
  );
}

/** The encodings a request accepts, by name (q=0 refuses one, as RFC 9110 says). */
function accepted(request: FastifyRequest): { br: boolean; gzip: boolean } {
  const header = String(request.headers['accept-encoding'] ?? '').toLowerCase();
  const allows = (name: string) =>
    header.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      if (token?.trim() !== name) return false;
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
  return { br: allows('br'), gzip: allows('gzip') };
}

/**
 * Sends JSON text built by the database as it is (Fastify passes a string through without the
 * route's response schema; task-json-matches-presenter.test.ts proves the text has its shape). A large
 * body is compressed off the event loop for clients that accept it: brotli when they do (browsers do
 * over HTTPS and on localhost), else gzip at its fastest level. A cached text keeps each copy made.
 */
export async function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: JsonText) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if ((json.characters ?? json.body.length) < COMPRESS_FROM_BYTES) return reply.send(json.body);
  const accepts = accepted(request);
  // Patched after a write: the quick gzip answers until the brotli copy is made after a quiet moment.
  if (accepts.br && !json.brotli && (json.gzipOfPieces || json.quickFirst) && accepts.gzip) {
    brotliLater(json);
    if (!json.gzipped && json.gzipOfPieces) json.gzipped = json.gzipOfPieces();
    compressAhead(json);
    json.gzipped ??= await json.gzipAhead?.catch(() => undefined);
    if (json.gzipped) return reply.header('content-encoding', 'gzip').send(json.gzipped);
  }
  if (accepts.br) {
    json.brotli ??= await brotli(json.body, brotliOptions(json.body));
    return reply.header('content-encoding', 'br').send(json.brotli);
  }
  if (!accepts.gzip) return reply.send(json.body);
  json.gzipped ??= json.gzipOfPieces?.() ?? (await gzip(json.body, { level: constants.Z_BEST_SPEED }));
  return reply.header('content-encoding', 'gzip').send(json.gzipped);
}
