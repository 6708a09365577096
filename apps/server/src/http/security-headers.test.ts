// @database pglite
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers.ts';

describe('security headers', () => {
  it('hashes inline scripts but not external ones', () => {
    const html = '<script>alert(1)</script><script type="module" src="/x.js"></script>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
  });

  it('builds a CSP without unsafe-inline scripts and with frame-ancestors none', () => {
    const csp = contentSecurityPolicy(["'sha256-abc'"]);
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
