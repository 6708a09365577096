import { randomBytes } from 'node:crypto';
import type http from 'node:http';

/**
 * Figma's OAuth 2 as docs/figma-api.md#oauth-2-for-an-organization describes it, for the fake Figma:
 * the authorization page (`GET /oauth`, with "Allow access" and "Deny"), the code exchange
 * (`POST /v1/oauth/token`) and the refresh (`POST /v1/oauth/refresh`), both authenticated with the
 * app's client id and secret in HTTP Basic. Issued access tokens are accepted by the fake's API
 * (in `Authorization: Bearer`) until they expire. Lifetimes are short on demand, and refreshes can
 * be refused, as Figma does for a revoked app.
 */

export const FAKE_OAUTH_CLIENT_ID = 'figgle-test-client';
export const FAKE_OAUTH_CLIENT_SECRET = 'figgle-test-client-secret';
/** The Figma user who allows access on the fake's page. */
export const FAKE_OAUTH_USER_ID = '1180434951000001';

/** How long an authorization code may wait for its exchange, as Figma documents (30 s). */
const CODE_LIFETIME_MS = 30_000;

interface PendingCode {
  redirectUri: string;
  expiresAt: number;
}

export class FakeFigmaOAuth {
  clientId = FAKE_OAUTH_CLIENT_ID;
  clientSecret = FAKE_OAUTH_CLIENT_SECRET;
  /** expires_in of issued access tokens: Figma's is 90 days. */
  accessLifetimeSeconds = 90 * 24 * 3600;
  /** Answer every refresh with 400, as Figma does once the app's access was removed. */
  refuseRefresh = false;
  /** Every exchange and refresh asked, with the access token it issued (null when refused). */
  readonly exchanges: Array<{ at: number; accessToken: string | null }> = [];
  readonly refreshes: Array<{ at: number; accessToken: string | null; refreshToken: string }> = [];
  private readonly codes = new Map<string, PendingCode>();
  private readonly refreshTokens = new Set<string>();
  private readonly expiries = new Map<string, number>();

  /** `accepted` is the fake API's set of tokens: issued access tokens join it. */
  constructor(private readonly accepted: Set<string>) {}

  /** An issued access token past its expires_in (the API refuses it). */
  isExpired(token: string): boolean {
    const expiry = this.expiries.get(token);
    return expiry !== undefined && Date.now() >= expiry;
  }

  /** Serves the OAuth addresses; false for any other request. */
  handle(
    method: string,
    url: URL,
    raw: string,
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ): boolean {
    if (method === 'GET' && url.pathname === '/oauth') return this.page(url, response);
    if (method === 'POST' && url.pathname === '/oauth/decide') return this.decide(raw, response);
    if (method === 'POST' && url.pathname === '/v1/oauth/token') return this.exchange(raw, request, response);
    if (method === 'POST' && url.pathname === '/v1/oauth/refresh')
      return this.refresh(raw, request, response);
    return false;
  }

  private page(url: URL, response: http.ServerResponse): boolean {
    const query = url.searchParams;
    const problems = [
      query.get('client_id') !== this.clientId && 'client_id',
      !query.get('redirect_uri') && 'redirect_uri',
      !query.get('state') && 'state',
      query.get('response_type') !== 'code' && 'response_type',
      !query.get('scope') && 'scope',
    ].filter(Boolean);
    if (problems.length > 0) {
      return html(response, 400, `<h1>Invalid request</h1><p>Invalid parameters: ${problems.join(', ')}</p>`);
    }
    const hidden = ['redirect_uri', 'state']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
      .join('');
    const scopes = (query.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
    return html(
      response,
      200,
      `<main><h1>Figgle wants to access your Figma account</h1>
      <ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
      <form method="post" action="/oauth/decide">${hidden}
        <button type="submit" name="decision" value="allow">Allow access</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </form></main>`,
    );
  }

  private decide(raw: string, response: http.ServerResponse): boolean {
    const form = new URLSearchParams(raw);
    const target = new URL(form.get('redirect_uri') ?? '');
    target.searchParams.set('state', form.get('state') ?? '');
    if (form.get('decision') === 'allow') {
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, {
        redirectUri: form.get('redirect_uri') ?? '',
        expiresAt: Date.now() + CODE_LIFETIME_MS,
      });
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
    }
    response.writeHead(302, { location: target.toString() });
    response.end();
    return true;
  }

  private exchange(raw: string, request: http.IncomingMessage, response: http.ServerResponse): boolean {
    if (!this.clientOk(request))
      return json(response, 401, { error: true, status: 401, message: 'Invalid client' });
    const form = new URLSearchParams(raw);
    const code = form.get('code') ?? '';
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (form.get('grant_type') !== 'authorization_code' || !pending || pending.expiresAt < Date.now()) {
      this.exchanges.push({ at: Date.now(), accessToken: null });
      return json(response, 400, { error: true, status: 400, message: 'Invalid code' });
    }
    if (pending.redirectUri !== form.get('redirect_uri')) {
      this.exchanges.push({ at: Date.now(), accessToken: null });
      return json(response, 400, { error: true, status: 400, message: 'Invalid redirect_uri' });
    }
    const accessToken = this.issueAccess();
    const refreshToken = `figur_${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.add(refreshToken);
    this.exchanges.push({ at: Date.now(), accessToken });
    return json(response, 200, {
      user_id: Number(FAKE_OAUTH_USER_ID),
      user_id_string: FAKE_OAUTH_USER_ID,
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.accessLifetimeSeconds,
      refresh_token: refreshToken,
    });
  }

  private refresh(raw: string, request: http.IncomingMessage, response: http.ServerResponse): boolean {
    if (!this.clientOk(request))
      return json(response, 401, { error: true, status: 401, message: 'Invalid client' });
    const refreshToken = new URLSearchParams(raw).get('refresh_token') ?? '';
    if (this.refuseRefresh || !this.refreshTokens.has(refreshToken)) {
      this.refreshes.push({ at: Date.now(), accessToken: null, refreshToken });
      return json(response, 400, { error: true, status: 400, message: 'Invalid refresh token' });
    }
    const accessToken = this.issueAccess();
    this.refreshes.push({ at: Date.now(), accessToken, refreshToken });
    return json(response, 200, {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.accessLifetimeSeconds,
    });
  }

  private issueAccess(): string {
    const token = `figu_${randomBytes(24).toString('base64url')}`;
    this.accepted.add(token);
    this.expiries.set(token, Date.now() + this.accessLifetimeSeconds * 1000);
    return token;
  }

  private clientOk(request: http.IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    return header === expected;
  }
}

function json(response: http.ServerResponse, status: number, payload: unknown): boolean {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(payload));
  return true;
}

function html(response: http.ServerResponse, status: number, body: string): boolean {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Figma</title></head><body>${body}</body></html>`,
  );
  return true;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
