import { promisify } from 'node:util';
import { constants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(gzipCallback);
const GZIP_FROM_BYTES = 16 * 1024;

/** JSON text that may keep its gzipped copy (a cached task list). */
export interface JsonText {
  body: string;
  gzipped?: Buffer;
}

/**
 * Sends JSON text built by the database as it is (Fastify passes a string through without the
 * route's response schema; task-json-matches-presenter.test.ts proves the text has its shape). A large
 * body is gzipped, at the fastest level and off the event loop, for clients that accept it: a
 * board of 1,000 tasks shrinks about 12 times. A cached text keeps its gzipped copy.
 */
export async function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: JsonText) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (!accepts || json.body.length < GZIP_FROM_BYTES) return reply.send(json.body);
  json.gzipped ??= await gzip(json.body, { level: constants.Z_BEST_SPEED });
  return reply.header('content-encoding', 'gzip').send(json.gzipped);
}
