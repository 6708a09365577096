// Type only: the zod schema behind parseApiError would add ~23 KB gzip to the first load for a shape
// this small, so the guard below checks it by hand.
import type { ApiError } from '@figgle/shared/errors';
import { errorText } from './i18n/error-text';
import { t } from './i18n/i18n';

/** A failed call, carrying the server's error shape `{ statusCode, code, message, issues? }`. */
export class ApiRequestError extends Error implements ApiError {
  readonly statusCode: number;
  readonly code: string;
  readonly issues: ApiError['issues'];

  constructor(body: ApiError) {
    // In the reader's language when the errors catalogue has the server's message for its code.
    super(errorText(body.code, body.message));
    this.name = 'ApiRequestError';
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.issues = body.issues;
  }
}

/**
 * What to tell the person after a failed call: the server's reason for a refusal (a 4xx, or the
 * network's failure, already in the reader's language), else `fallback` for the server's own fault.
 */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.statusCode < 500 ? error.message : fallback;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

export async function apiRequest<Response>(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: globalThis.Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiRequestError({
      statusCode: 0,
      code: 'NETWORK_ERROR',
      message: 'The server cannot be reached. Check your connection and try again.',
    });
  }

  const payload = await readJson(response);
  if (!response.ok) throw new ApiRequestError(toErrorBody(response, payload));
  return payload as Response;
}

export const api = {
  get: <Response>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<Response>(path, { ...options, method: 'GET' }),
  post: <Response>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<Response>(path, { ...options, method: 'POST', body }),
  put: <Response>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<Response>(path, { ...options, method: 'PUT', body }),
  patch: <Response>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<Response>(path, { ...options, method: 'PATCH', body }),
  delete: <Response>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<Response>(path, { ...options, method: 'DELETE' }),
};

function withQuery(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const parameters = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) parameters.set(key, String(value));
  }
  const search = parameters.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readJson(response: globalThis.Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toErrorBody(response: globalThis.Response, payload: unknown): ApiError {
  if (isApiError(payload)) return { ...payload, statusCode: response.status };
  const message =
    isRecord(payload) && typeof payload.message === 'string'
      ? payload.message
      : response.statusText || t('lib.requestFailed', { status: String(response.status) });
  const code =
    isRecord(payload) && typeof payload.code === 'string' ? payload.code : `HTTP_${response.status}`;
  return { statusCode: response.status, code, message };
}

function isApiError(payload: unknown): payload is ApiError {
  if (!isRecord(payload)) return false;
  const { statusCode, code, message, issues } = payload;
  return (
    typeof statusCode === 'number' &&
    typeof code === 'string' &&
    typeof message === 'string' &&
    (issues === undefined || (Array.isArray(issues) && issues.every(isIssue)))
  );
}

function isIssue(issue: unknown): boolean {
  return isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
