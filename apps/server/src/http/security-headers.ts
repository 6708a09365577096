import { createHash } from 'node:crypto';
import type { AppInstance } from './app-instance.ts';

/** Hashes of the inline scripts of the built index.html, so the CSP can stay free of 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // Mantine and Quill set style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * A year, renewed by every answer. No includeSubDomains: Figgle often runs on one name of a domain
 * whose other names it does not know about.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * The headers installSecurityHeaders gives one answer; the start's early answers (early-web-answers.ts)
 * send the same. `pageCsp` is the policy of the app's pages.
 */
export function securityHeadersFor(answer: {
  https: boolean;
  statusCode: number;
  contentType: string;
  urlPath: string;
  pageCsp: string;
}): Record<string, string> {
  const headers: Record<string, string> = {};
  // Browsers ignore the header over plain http, so sending it whenever PUBLIC_URL is https is harmless.
  if (answer.https) headers['strict-transport-security'] = STRICT_TRANSPORT_SECURITY;
  headers['x-content-type-options'] = 'nosniff';
  headers['referrer-policy'] = 'strict-origin-when-cross-origin';
  headers['x-frame-options'] = 'DENY';
  headers['cross-origin-opener-policy'] = 'same-origin';
  headers['permissions-policy'] = 'camera=(), microphone=(), geolocation=(), payment=()';
  // A 304 carries no body and no content type; browsers merge its headers into the cached page,
  // so the sandbox fallback would break every reload. It keeps the CSP it was first sent with.
  if (answer.statusCode !== 304) {
    headers['content-security-policy'] =
      // The service worker's script gets the page's policy: its own fetches of the app shell need connect-src.
      answer.contentType.startsWith('text/html') || answer.urlPath === '/sw.js'
        ? answer.pageCsp
        : "default-src 'none'; frame-ancestors 'none'; sandbox";
  }
  return headers;
}

/** Headers every answer carries; the app's pages also get the strict CSP. */
export function installSecurityHeaders(app: AppInstance, scriptHashes: string[] = []): void {
  const csp = contentSecurityPolicy(scriptHashes);
  const publicUrl = app.hasDecorator('deps') ? app.deps.env.PUBLIC_URL : '';
  const servedOverHttps = publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    const headers = securityHeadersFor({
      // request.protocol is https only from TLS or a proxy TRUST_PROXY believes.
      https: servedOverHttps || request.protocol === 'https',
      statusCode: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      urlPath: request.url.split('?')[0] ?? '',
      pageCsp: csp,
    });
    // A route that chose its own policy (an upload, the dev mailbox) keeps it.
    if (reply.hasHeader('content-security-policy')) delete headers['content-security-policy'];
    reply.headers(headers);
    return payload;
  });
}
