/** Schemes a person may give a link in the editor (Quill's own whitelist). */
export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel', 'sms'] as const;

/** What an unsafe address is replaced with: a link that goes nowhere. */
export const SANITIZED_URL = 'about:blank';

/**
 * The address as a browser reads it: the WHATWG URL parser drops leading and trailing control
 * characters and spaces, and every tab and line break anywhere, so 'java\tscript:' is 'javascript:'.
 */
function normalizeUrl(url: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

// Any base works: a relative address resolves against the page, which is http(s) either way.
const RELATIVE_BASE = 'https://figgle.invalid/';

/** For links written in the editor: http, https, mailto, tel and sms only; relative links count as the page's. */
export function isAllowedLinkProtocol(url: string | null | undefined): boolean {
  if (typeof url !== 'string') return false;
  let protocol: string;
  try {
    protocol = new URL(url, RELATIVE_BASE).protocol;
  } catch {
    return false;
  }
  return (LINK_PROTOCOLS as readonly string[]).includes(protocol.slice(0, -1));
}

// data: images are allowed only in raster formats: an SVG can carry script.
const SAFE_URL_PATTERN =
  /^(?:(?:https?|s?ftp|file|blob|mailto|tel):|[#/]|data:image\/(?:png|jpe?g|gif|webp|bmp|avif|x-icon|vnd\.microsoft\.icon)[;,])/i;

/**
 * An address is safe only if it starts with http, https, ftp, sftp, file, blob, mailto, tel, '#',
 * '/' or a raster data:image/; everything else (javascript:, vbscript:, data:text/html…) is not.
 */
export function isSafeUrl(url: string | null | undefined): boolean {
  return typeof url === 'string' && SAFE_URL_PATTERN.test(normalizeUrl(url));
}

/** The address as the browser would read it when safe, otherwise 'about:blank'. */
export function sanitizeUrl(url: string | null | undefined): string {
  return typeof url === 'string' && isSafeUrl(url) ? normalizeUrl(url) : SANITIZED_URL;
}
