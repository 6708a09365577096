import type { Env } from '../env.ts';
import { FigmaError } from './errors.ts';

// Figma's OAuth 2 endpoints (docs/figma-api.md#oauth-2-for-an-organization): the authorization page
// on www.figma.com (FIGMA_OAUTH_URL), the code exchange and the refresh on the API (FIGMA_API_URL),
// both authenticated with the app's client id and secret in HTTP Basic.

/** What Figgle asks for: comments (radar, replies), webhooks, file content and renders, dev resources. */
export const FIGMA_OAUTH_SCOPES = [
  'current_user:read',
  'file_content:read',
  'file_metadata:read',
  'file_versions:read',
  'file_comments:read',
  'file_comments:write',
  'file_dev_resources:read',
  'file_dev_resources:write',
  'webhooks:read',
  'webhooks:write',
] as const;

export type OAuthEnv = Pick<
  Env,
  'FIGMA_API_URL' | 'FIGMA_OAUTH_URL' | 'FIGMA_OAUTH_CLIENT_ID' | 'FIGMA_OAUTH_CLIENT_SECRET' | 'PUBLIC_URL'
>;

export interface ExchangedTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  figmaUserId: string;
}

export interface RefreshedToken {
  accessToken: string;
  expiresInSeconds: number;
  /** Figma keeps the refresh token today; should it ever send a new one, it replaces the old. */
  refreshToken: string | null;
}

/** Where Figma sends the owner back: one fixed address, registered in the OAuth app. */
function figmaRedirectUri(env: Pick<Env, 'PUBLIC_URL'>): string {
  return `${env.PUBLIC_URL}/api/figma/oauth/callback`;
}

export function isOAuthConfigured(env: Partial<OAuthEnv>): boolean {
  return Boolean(env.FIGMA_OAUTH_CLIENT_ID && env.FIGMA_OAUTH_CLIENT_SECRET);
}

export function authorizeUrl(env: OAuthEnv, state: string): string {
  const url = new URL(env.FIGMA_OAUTH_URL);
  url.search = new URLSearchParams({
    client_id: env.FIGMA_OAUTH_CLIENT_ID ?? '',
    redirect_uri: figmaRedirectUri(env),
    scope: FIGMA_OAUTH_SCOPES.join(','),
    state,
    response_type: 'code',
  }).toString();
  return url.toString();
}

export async function exchangeCode(env: OAuthEnv, code: string): Promise<ExchangedTokens> {
  const body = await post(env, '/v1/oauth/token', {
    redirect_uri: figmaRedirectUri(env),
    code,
    grant_type: 'authorization_code',
  });
  const accessToken = stringField(body, 'access_token');
  const refreshToken = stringField(body, 'refresh_token');
  const expires = numberField(body, 'expires_in');
  const userId = stringField(body, 'user_id_string') ?? numberField(body, 'user_id')?.toString() ?? '';
  if (!accessToken || !refreshToken || !expires) throw malformed();
  return { accessToken, refreshToken, expiresInSeconds: expires, figmaUserId: userId };
}

export async function refreshAccess(env: OAuthEnv, refreshToken: string): Promise<RefreshedToken> {
  const body = await post(env, '/v1/oauth/refresh', { refresh_token: refreshToken });
  const accessToken = stringField(body, 'access_token');
  const expires = numberField(body, 'expires_in');
  if (!accessToken || !expires) throw malformed();
  return { accessToken, expiresInSeconds: expires, refreshToken: stringField(body, 'refresh_token') };
}

async function post(env: OAuthEnv, path: string, form: Record<string, string>): Promise<unknown> {
  const basic = Buffer.from(`${env.FIGMA_OAUTH_CLIENT_ID}:${env.FIGMA_OAUTH_CLIENT_SECRET}`).toString(
    'base64',
  );
  let response: Response;
  try {
    response = await fetch(`${env.FIGMA_API_URL.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new FigmaError('unavailable', 'Figma cannot be reached right now. Please try again later.');
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (response.ok) return body;
  if (response.status >= 500 || response.status === 429) {
    throw new FigmaError(
      'unavailable',
      'Figma is unavailable right now. Please try again later.',
      response.status,
    );
  }
  throw new FigmaError(
    'bad_token',
    `Figma refused the authorization${figmaMessage(body) ? ` (${figmaMessage(body)})` : ''}.`,
    response.status,
  );
}

function figmaMessage(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  const message = record.message ?? record.error_description ?? record.err;
  return typeof message === 'string' ? message.slice(0, 200) : '';
}

function stringField(body: unknown, key: string): string | null {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : null;
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function numberField(body: unknown, key: string): number | null {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : null;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function malformed(): FigmaError {
  return new FigmaError('unavailable', 'Figma answered the authorization in an unexpected shape.');
}
