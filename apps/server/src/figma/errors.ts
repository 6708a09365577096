/**
 * Why a call to Figma failed, in words a person can act on. The token is never part of a message.
 * - bad_token: 401/403, the token is wrong, expired, or lacks a scope or access to the file/team;
 * - no_webhooks: 400 "Access Denied" on a webhook call: webhooks need a paid Figma plan;
 * - rate_limited: 429; `retryAfterSeconds` says when Figma accepts calls again;
 * - not_found: 404;
 * - bad_request: another 400 (Figma's own message kept);
 * - unavailable: 5xx, a timeout or no connection.
 */
export type FigmaErrorKind =
  | 'bad_token'
  | 'no_webhooks'
  | 'rate_limited'
  | 'not_found'
  | 'bad_request'
  | 'unavailable';

export class FigmaError extends Error {
  constructor(
    readonly kind: FigmaErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'FigmaError';
  }
}

/**
 * The organization's Figma authorization is broken (Figma refused to renew its OAuth access): its
 * Figma work waits for an owner to reconnect (jobs/worker.ts defers it) instead of running blind.
 */
export class FigmaAuthorizationBroken extends FigmaError {
  constructor(message: string) {
    super('bad_token', message);
    this.name = 'FigmaAuthorizationBroken';
  }
}

export function isFigmaError(error: unknown): error is FigmaError {
  return error instanceof FigmaError;
}

/** Retry-After in seconds (a number, or an HTTP date); null when missing or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** "2 minutes", "3 hours", "2 days": Retry-After can be days long. Rounded up, never "60 minutes". */
function describeWait(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.ceil(seconds / 3600);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.ceil(seconds / 86_400), 'day');
}

export function rateLimitedError(retryAfterSeconds: number): FigmaError {
  return new FigmaError(
    'rate_limited',
    `Figma is limiting requests: try again in ${describeWait(retryAfterSeconds)}.`,
    429,
    retryAfterSeconds,
  );
}

/** The message Figma put in an error body: `{status, err}` or, for webhooks, `{error, status, message}`. */
function figmaMessageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  const message = record.message ?? record.err;
  return typeof message === 'string' ? message.slice(0, 300) : '';
}

export function errorForStatus(status: number, body: unknown, retryAfter: number | null): FigmaError {
  const figmaMessage = figmaMessageOf(body);
  if (status === 429) return rateLimitedError(retryAfter ?? 60);
  if (status === 401 || status === 403) {
    return new FigmaError(
      'bad_token',
      'Figma refused the token: check that your Figma token is valid, has the needed scopes and can open this team or file.',
      status,
    );
  }
  if (status === 400 && /access denied/i.test(figmaMessage)) {
    return new FigmaError(
      'no_webhooks',
      'Figma refused to create the webhook (Access Denied): webhooks need a paid Figma plan and an admin of the team.',
      status,
    );
  }
  if (status === 404) return new FigmaError('not_found', 'Figma could not find this team or file.', status);
  if (status >= 400 && status < 500) {
    return new FigmaError(
      'bad_request',
      `Figma refused the request${figmaMessage ? `: ${figmaMessage}` : '.'}`,
      status,
    );
  }
  return new FigmaError('unavailable', 'Figma is unavailable right now. Please try again later.', status);
}
