import { FigmaError } from '../figma/errors.ts';

/** Trying again cannot help (Figma refused the token, the file is gone): the job fails for good. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** A failure that passes (a mail server down): tried again with backoff, its message kept on the job. */
export class PassingJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PassingJobError';
  }
}

/** Not now, and not a failure: run again after `delayMs` without using up an attempt. */
export class DeferJob extends Error {
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'DeferJob';
  }
}

export interface FailureVerdict {
  permanent: boolean;
  /** What is kept on the job and shown to people: never a stack, a token or SQL. */
  reason: string;
  /** The least wait before trying again (Figma's Retry-After), if any. */
  notBeforeMs: number | null;
}

/**
 * Figma's rate limit and outages pass; a refused token, a missing file or comment, a refused request
 * do not. Anything else (the database, a bug) is tried again and explained only in the log.
 */
export function judgeFailure(error: unknown): FailureVerdict {
  if (error instanceof PermanentJobError)
    return { permanent: true, reason: error.message, notBeforeMs: null };
  if (error instanceof PassingJobError) return { permanent: false, reason: error.message, notBeforeMs: null };
  if (error instanceof FigmaError) {
    const passing = error.kind === 'rate_limited' || error.kind === 'unavailable';
    const status = error.status ? ` (HTTP ${error.status})` : '';
    return {
      permanent: !passing,
      reason: `${error.message}${status}`,
      notBeforeMs: error.retryAfterSeconds === null ? null : error.retryAfterSeconds * 1000,
    };
  }
  return { permanent: false, reason: 'Figgle could not process it (an internal error).', notBeforeMs: null };
}
