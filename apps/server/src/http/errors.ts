import type { ApiError } from '@figgle/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An expected failure with a message meant for the person who caused it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: ApiError['issues'],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ApiError['issues']) =>
  new HttpError(400, 'bad_request', message, issues);
export const unauthorized = (message = 'You need to sign in.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new HttpError(403, 'forbidden', message);
/** Also what a user gets for something they may not see: never confirm another tenant's data exists. */
export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found.`);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

const codeByStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  // admin_shutdown, crash_shutdown, cannot_connect_now, and class 08: connection exceptions.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * Connection-level failures of the database: the service is down, not the request wrong. Libraries
 * wrap them (better-auth's session lookup throws its own error with the driver's as `cause`), so
 * the causes are searched too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (current instanceof Error && UNAVAILABLE_MESSAGE.test(current.message)) return true;
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((each) => isDatabaseUnavailable(each))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Errors of the layers below http/ in their own terms (a policy's refusal), each turned into the
 * HttpError it answers as; undefined for an error that is not theirs. app.ts passes them in.
 */
export type ErrorTranslation = (error: unknown) => HttpError | undefined;

export function installErrorHandling(app: FastifyInstance, translations: ErrorTranslation[] = []): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const error = translateError(thrown, translations);
    let body: ApiError;
    if (error instanceof HttpError) {
      body = { statusCode: error.statusCode, code: error.code, message: error.message, issues: error.issues };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.'),
        message: issue.message ?? 'is invalid',
      }));
      body = {
        statusCode: 400,
        code: 'validation_failed',
        message: `Invalid input: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
        issues,
      };
    } else if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      body = {
        statusCode: 503,
        code: 'service_unavailable',
        message: 'The database is unavailable. Please try again in a moment.',
      };
      reply.header('retry-after', '5');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      body = {
        statusCode: error.statusCode,
        code: codeByStatus[error.statusCode] ?? 'bad_request',
        message: error.message,
      };
    } else {
      request.log.error({ err: error }, 'unexpected error');
      body = { statusCode: 500, code: 'internal_error', message: 'Sorry, something went wrong.' };
    }
    if (body.issues === undefined) delete body.issues;
    return reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = {
      statusCode: 404,
      code: 'not_found',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found.`,
    };
    return reply.status(404).send(body);
  });
}

function translateError(error: FastifyError, translations: ErrorTranslation[]): FastifyError | HttpError {
  for (const translate of translations) {
    const answer = translate(error);
    if (answer) return answer;
  }
  return error;
}
