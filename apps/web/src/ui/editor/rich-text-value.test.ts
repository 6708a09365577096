import { describe, expect, it } from 'vitest';
import { isBlankDocument, sameDocument } from './rich-text-value';

describe('sameDocument', () => {
  it('treats a document split into runs as the one Quill writes', () => {
    expect(sameDocument({ ops: [{ insert: 'a' }, { insert: 'b\n' }] }, { ops: [{ insert: 'ab\n' }] })).toBe(
      true,
    );
  });

  it('ignores the order of attribute keys, as the database reorders them', () => {
    expect(
      sameDocument(
        { ops: [{ insert: 'x', attributes: { bold: true, italic: true } }, { insert: '\n' }] },
        { ops: [{ attributes: { italic: true, bold: true }, insert: 'x' }, { insert: '\n' }] },
      ),
    ).toBe(true);
  });

  it('sees a different text, format or embed', () => {
    const base = { ops: [{ insert: 'x', attributes: { bold: true } }, { insert: '\n' }] };
    expect(sameDocument(base, { ops: [{ insert: 'y', attributes: { bold: true } }, { insert: '\n' }] })).toBe(
      false,
    );
    expect(sameDocument(base, { ops: [{ insert: 'x' }, { insert: '\n' }] })).toBe(false);
    expect(sameDocument(base, { ops: [...base.ops, { insert: { imageblock: '/a.png' } }] })).toBe(false);
    expect(sameDocument(base, null)).toBe(false);
  });
});

describe('isBlankDocument', () => {
  it('is blank with only whitespace, not with an embed', () => {
    expect(isBlankDocument({ ops: [{ insert: ' \n\n' }] })).toBe(true);
    expect(isBlankDocument({ ops: [{ insert: { imageblock: '/a.png' } }, { insert: '\n' }] })).toBe(false);
    expect(isBlankDocument({ ops: [{ insert: 'hi\n' }] })).toBe(false);
  });
});
