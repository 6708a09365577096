import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedAddress } from './address-guard.ts';

/**
 * A receiver that cannot be reached is known at once (refused) or after this long without a
 * connection: a worker's slot is not held for the whole answer time by an address that drops packets.
 */
const CONNECT_TIMEOUT_MS = 3_000;
/** What the delivery log keeps of an answer. */
const EXCERPT_BYTES = 1024;

export interface PostResult {
  statusCode: number | null;
  responseExcerpt: string | null;
  /** Why no answer came (refused, timed out); null when one did. */
  error: string | null;
  /** No connection or no answer in time: a receiver that does this again and again is paused. */
  timedOut: boolean;
  /** Retry-After of a 429 or 503, in milliseconds. */
  retryAfterMs: number | null;
  durationMs: number;
}

/** Connects to the address already checked, whatever the name resolves to now: no second lookup. */
function pinnedLookup(target: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function retryAfterMs(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;

function describeError(
  error: NodeJS.ErrnoException,
  timedOut: 'connect' | 'answer' | null,
  timeoutMs: number,
): string {
  if (timedOut === 'connect')
    return `No connection within ${seconds(Math.min(CONNECT_TIMEOUT_MS, timeoutMs))}.`;
  if (timedOut === 'answer') return `No answer within ${seconds(timeoutMs)}.`;
  if (error.code === 'ECONNREFUSED') return 'The connection was refused.';
  if (error.code === 'ECONNRESET') return 'The connection was closed before an answer.';
  if (error.code === 'EHOSTUNREACH' || error.code === 'ENETUNREACH') return 'The host cannot be reached.';
  return `The request failed: ${error.message}`.slice(0, 500);
}

/**
 * POSTs `body` to `url` at `target`, without following redirects (node's http never does), and reads
 * at most 1 KB of the answer within `timeoutMs` (WEBHOOK_TIMEOUT_MS), the connection within 3 s of
 * it. Never throws: every outcome is a result for the delivery log.
 */
export function postSigned(
  url: URL,
  target: CheckedAddress,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    let timedOut: 'connect' | 'answer' | null = null;
    const finish = (result: Omit<PostResult, 'durationMs' | 'timedOut'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(connectDeadline);
      resolve({ ...result, timedOut: timedOut !== null, durationMs: elapsed() });
    };
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: pinnedLookup(target),
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Figgle-Webhooks/1',
        ...headers,
      },
    });
    const deadline = setTimeout(() => {
      timedOut = 'answer';
      request.destroy(new Error('timeout'));
    }, timeoutMs);
    const connectDeadline = setTimeout(
      () => {
        timedOut = 'connect';
        request.destroy(new Error('connect timeout'));
      },
      Math.min(CONNECT_TIMEOUT_MS, timeoutMs),
    );
    request.on('socket', (socket) => {
      const connected = () => clearTimeout(connectDeadline);
      if (!socket.connecting) connected();
      else socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        statusCode: null,
        responseExcerpt: null,
        error: describeError(error, timedOut, timeoutMs),
        retryAfterMs: null,
      }),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
        finish({
          statusCode: response.statusCode ?? null,
          responseExcerpt: excerpt.length > 0 ? excerpt.slice(0, EXCERPT_BYTES) : null,
          error: null,
          retryAfterMs: retryAfterMs(response.headers['retry-after']),
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
