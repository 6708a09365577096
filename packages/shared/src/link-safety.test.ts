import { describe, expect, it } from 'vitest';
import {
  isAllowedLinkProtocol,
  isSafeUrl,
  LINK_PROTOCOLS,
  SANITIZED_URL,
  sanitizeUrl,
} from './link-safety.ts';

describe('isAllowedLinkProtocol', () => {
  it('allows http, https, mailto, tel and sms', () => {
    expect(LINK_PROTOCOLS).toEqual(['http', 'https', 'mailto', 'tel', 'sms']);
    for (const url of [
      'http://example.com',
      'https://example.com/a?b=c#d',
      'HTTPS://EXAMPLE.COM',
      'mailto:ada@example.com',
      'tel:+33123456789',
      'sms:+33123456789',
    ]) {
      expect(isAllowedLinkProtocol(url)).toBe(true);
    }
  });

  it('allows relative links, which resolve to the page scheme', () => {
    expect(isAllowedLinkProtocol('/projects')).toBe(true);
    expect(isAllowedLinkProtocol('#section')).toBe(true);
    expect(isAllowedLinkProtocol('example.com')).toBe(true);
    expect(isAllowedLinkProtocol('//example.com/x')).toBe(true);
  });

  it('refuses every other scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/png;base64,AAAA',
      'ftp://example.com',
      'file:///etc/passwd',
      'blob:https://example.com/uuid',
    ]) {
      expect(isAllowedLinkProtocol(url)).toBe(false);
    }
  });

  it('sees through the tricks a browser forgives', () => {
    for (const url of [
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\rscript:alert(1)',
      ' javascript:alert(1)',
      '\u0000javascript:alert(1)',
      '\u0001\u001fjavascript:alert(1)',
      'javascript:alert(1)\n',
    ]) {
      expect(isAllowedLinkProtocol(url)).toBe(false);
    }
  });

  it('refuses missing values and addresses that do not parse', () => {
    expect(isAllowedLinkProtocol(null)).toBe(false);
    expect(isAllowedLinkProtocol(undefined)).toBe(false);
    expect(isAllowedLinkProtocol('http://')).toBe(false);
  });
});

describe('isSafeUrl', () => {
  it('accepts the listed schemes and prefixes, in any case', () => {
    for (const url of [
      'http://example.com',
      'HTTPS://example.com',
      'ftp://example.com/file',
      'sftp://example.com/file',
      'file:///tmp/a.txt',
      'blob:https://example.com/550e8400',
      'mailto:ada@example.com',
      'tel:+33123456789',
      '#top',
      '/uploads/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/jpeg;base64,/9j/4AAQ',
      'DATA:IMAGE/GIF;base64,R0lGOD',
      'data:image/webp,abc',
    ]) {
      expect(isSafeUrl(url)).toBe(true);
    }
  });

  it('tolerates surrounding whitespace the browser would drop', () => {
    expect(isSafeUrl('  https://example.com  ')).toBe(true);
    expect(isSafeUrl('\nhttps://example.com')).toBe(true);
  });

  it('marks script-carrying and unknown addresses unsafe', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'data:image/',
      'data:image/pngx,abc',
      'sms:+33123456789',
      'relative/path.png',
      'example.com',
      'httpx://example.com',
      'https-evil:foo',
      'http',
      '',
      '   ',
    ]) {
      expect(isSafeUrl(url)).toBe(false);
    }
  });

  it('is not fooled by tabs, line breaks or control characters', () => {
    for (const url of [
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      ' \u0008 javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '\u200bjavascript:alert(1)',
      'data:image/svg\t+xml,<svg onload=alert(1)>',
    ]) {
      expect(isSafeUrl(url)).toBe(false);
    }
  });

  it('does not let an allowed scheme name prefix a dangerous one', () => {
    expect(isSafeUrl('httpjavascript:alert(1)')).toBe(false);
    expect(isSafeUrl('telnet:x')).toBe(false);
  });

  it('treats missing values as unsafe', () => {
    expect(isSafeUrl(null)).toBe(false);
    expect(isSafeUrl(undefined)).toBe(false);
  });
});

describe('sanitizeUrl', () => {
  it('returns safe addresses as the browser reads them', () => {
    expect(sanitizeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(sanitizeUrl('  /uploads/a.png\n')).toBe('/uploads/a.png');
    expect(sanitizeUrl('https://exa\tmple.com')).toBe('https://example.com');
  });

  it("replaces unsafe addresses with 'about:blank'", () => {
    expect(SANITIZED_URL).toBe('about:blank');
    expect(sanitizeUrl('javascript:alert(1)')).toBe('about:blank');
    expect(sanitizeUrl('java\tscript:alert(1)')).toBe('about:blank');
    expect(sanitizeUrl('data:image/svg+xml,<svg/>')).toBe('about:blank');
    expect(sanitizeUrl(null)).toBe('about:blank');
  });
});
