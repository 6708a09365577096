import { parseFigmaNodeUrl } from '@figgle/shared/figma';
import { describe, expect, it } from 'vitest';
import { figmaNodeUrl, fileKeyFromLink, normalizeServerUrl } from '../../src/figgle-api.ts';

/** The interface's pure helpers: what the person types, and the links the server must understand. */

describe('figmaNodeUrl', () => {
  it("writes a link the server's parser reads back to the same file and node", () => {
    for (const nodeId of ['12:34', '0:1', 'I5:6;7:8', '123:4567']) {
      expect(parseFigmaNodeUrl(figmaNodeUrl('FileKey12345', nodeId))).toEqual({
        fileKey: 'FileKey12345',
        nodeId,
      });
    }
  });
});

describe('normalizeServerUrl', () => {
  it('keeps the origin (and a path), adds https:// when the scheme is missing, drops trailing slashes', () => {
    expect(normalizeServerUrl('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000');
    expect(normalizeServerUrl(' figgle.example.com ')).toBe('https://figgle.example.com');
    expect(normalizeServerUrl('https://example.com/figgle//')).toBe('https://example.com/figgle');
    expect(normalizeServerUrl('http://')).toBeNull();
  });
});

describe('fileKeyFromLink', () => {
  it("reads the key of the file's link Figma's Share gives, and nothing else", () => {
    expect(fileKeyFromLink('https://www.figma.com/design/AbCdEfGhIjKl/Checkout?node-id=1-2')).toBe(
      'AbCdEfGhIjKl',
    );
    expect(fileKeyFromLink('https://www.figma.com/file/AbCdEfGhIjKl/Old')).toBe('AbCdEfGhIjKl');
    expect(fileKeyFromLink('https://example.com/design/AbCdEfGhIjKl')).toBeNull();
    expect(fileKeyFromLink('AbCdEfGhIjKl')).toBeNull();
  });
});
