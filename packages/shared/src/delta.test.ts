import { describe, expect, it } from 'vitest';
import { DELTA_MAX_LENGTH, DELTA_MAX_OPS, deltaToPlainText, isDeltaBlank, validateDelta } from './delta.ts';

const issuesOf = (value: unknown) => {
  const result = validateDelta(value);
  return result.ok ? [] : result.issues;
};
const accepts = (ops: unknown[]) => expect(issuesOf({ ops })).toEqual([]);
const refuses = (ops: unknown[], path: string | RegExp) => {
  const issues = issuesOf({ ops });
  expect(issues.length).toBeGreaterThan(0);
  expect(issues.map((issue) => issue.path).join(' ')).toMatch(path);
};

describe('validateDelta', () => {
  it('accepts what Quill writes: formatted text, lists, headers, code, embeds', () => {
    accepts([
      { insert: 'Hello ', attributes: { bold: true, italic: true, underline: true, strike: true } },
      { insert: 'link', attributes: { link: 'https://example.com/a?b=c' } },
      { insert: ' mail', attributes: { link: 'mailto:ada@example.com' } },
      { insert: 'x', attributes: { script: 'super', code: true } },
      { insert: 'red', attributes: { color: '#e60000', background: 'rgb(255, 255, 0)' } },
      { insert: 'named', attributes: { color: 'red', font: 'serif', size: 'large' } },
      { insert: '\n', attributes: { header: 1 } },
      { insert: 'item' },
      { insert: '\n', attributes: { list: 'bullet', indent: 2 } },
      { insert: 'quoted\n', attributes: { blockquote: true } },
      { insert: 'code' },
      { insert: '\n', attributes: { 'code-block': 'javascript' } },
      { insert: '\n', attributes: { align: 'center', direction: 'rtl' } },
      { insert: { imageblock: '/api/uploads/tasks/a/x-photo.png' } },
      { insert: { fileblock: { url: '/api/uploads/tasks/a/y-spec.pdf', name: 'spec.pdf' } } },
      { insert: { image: 'https://example.com/a.png' }, attributes: { width: '120', alt: 'a cat' } },
      { insert: { video: 'https://example.com/embed/1' } },
      { insert: { formula: 'e=mc^2' } },
      { insert: { mention: { id: 'u1', value: 'Ada', denotationChar: '@' } } },
      { insert: 'cell' },
      { insert: '\n', attributes: { table: 'row-ab12' } },
    ]);
  });

  it('adds the closing newline a document needs, and nothing else', () => {
    const result = validateDelta({ ops: [{ insert: 'Hi', attributes: { bold: true } }] });
    expect(result).toEqual({
      ok: true,
      delta: { ops: [{ insert: 'Hi', attributes: { bold: true } }, { insert: '\n' }] },
    });
    expect(validateDelta({ ops: [] })).toEqual({ ok: true, delta: { ops: [{ insert: '\n' }] } });
  });

  it('refuses what is not a document', () => {
    for (const value of [null, 'text', [], { ops: 'x' }, { ops: {} }, 42]) {
      expect(issuesOf(value)).toHaveLength(1);
    }
    refuses([{ retain: 3 }], /ops\.0/);
    refuses([{ delete: 1 }], /ops\.0/);
    refuses([{ insert: 'a', extra: 1 }], /ops\.0/);
    refuses([{ insert: '' }], /ops\.0\.insert/);
    refuses([{ insert: 5 }], /ops\.0\.insert/);
    refuses(['text'], /ops\.0/);
    refuses([{ insert: 'a', attributes: 'bold' }], /ops\.0\.attributes/);
    expect(issuesOf({ ops: [], html: '<b>' })).toEqual([
      { path: 'content_json', message: expect.any(String) },
    ]);
  });

  it('refuses unknown formats and embeds', () => {
    refuses([{ insert: 'a', attributes: { onclick: 'alert(1)' } }], 'ops.0.attributes.onclick');
    refuses([{ insert: 'a', attributes: { style: 'color:red' } }], 'ops.0.attributes.style');
    refuses([{ insert: { script: 'alert(1)' } }], 'ops.0.insert.script');
    refuses([{ insert: { iframe: 'https://x' } }], 'ops.0.insert.iframe');
    refuses([{ insert: { image: 'a.png', video: 'b' } }], 'ops.0.insert');
    refuses([{ insert: {} }], 'ops.0.insert');
    refuses([{ insert: { image: 'https://x/a.png' }, attributes: { header: 1 } }], 'ops.0.attributes.header');
  });

  it('applies the rich-text attribute limits', () => {
    accepts([{ insert: '\n', attributes: { header: 6 } }]);
    refuses([{ insert: '\n', attributes: { header: 7 } }], 'header');
    refuses([{ insert: '\n', attributes: { header: 0 } }], 'header');
    refuses([{ insert: '\n', attributes: { header: '1' } }], 'header');
    accepts([{ insert: '\n', attributes: { indent: 30 } }]);
    refuses([{ insert: '\n', attributes: { indent: 31 } }], 'indent');
    refuses([{ insert: '\n', attributes: { indent: 1.5 } }], 'indent');
    accepts([{ insert: 'a', attributes: { font: 'a'.repeat(30) } }]);
    refuses([{ insert: 'a', attributes: { font: 'a'.repeat(31) } }], 'font');
    refuses([{ insert: 'a', attributes: { font: 'x;background:url(y)' } }], 'font');
    accepts([{ insert: 'a', attributes: { size: '12345678901234567890' } }]);
    refuses([{ insert: 'a', attributes: { size: '123456789012345678901' } }], 'size');
    refuses([{ insert: 'a', attributes: { size: '1px;x:y' } }], 'size');
    for (const colour of ['#fff', '#ffffff', '#ffffff80', 'rgb(1,2,3)', 'rgba(1, 2, 3, 0.5)', 'blue']) {
      accepts([{ insert: 'a', attributes: { color: colour, background: colour } }]);
    }
    for (const colour of ['url(javascript:x)', 'red;position:fixed', 'expression(alert(1))', '#ggg', '']) {
      refuses([{ insert: 'a', attributes: { color: colour } }], 'color');
    }
    refuses([{ insert: 'a', attributes: { list: 'star' } }], 'list');
    refuses([{ insert: 'a', attributes: { align: 'left' } }], 'align');
    refuses([{ insert: 'a', attributes: { bold: 'yes' } }], 'bold');
    refuses([{ insert: 'a', attributes: { 'code-block': '<x>' } }], 'code-block');
  });

  it('limits links to http, https, mailto, tel and sms', () => {
    for (const link of ['tel:+33123', 'sms:+33123', 'http://a.b', '/task/1']) {
      accepts([{ insert: 'a', attributes: { link } }]);
    }
    for (const link of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com',
      'a'.repeat(3000),
    ]) {
      refuses([{ insert: 'a', attributes: { link } }], 'link');
    }
  });

  it('accepts the neutral about:blank the editor puts in place of an unsafe address', () => {
    accepts([
      { insert: 'x', attributes: { link: 'about:blank' } },
      { insert: { imageblock: 'about:blank' } },
      { insert: { image: 'about:blank' } },
      { insert: { video: 'about:blank' } },
      { insert: { fileblock: { url: 'about:blank', name: 'a.pdf' } } },
    ]);
    refuses([{ insert: 'x', attributes: { link: 'about:srcdoc' } }], 'link');
  });

  it('allows only safe addresses in image and file embeds', () => {
    accepts([{ insert: { imageblock: 'data:image/png;base64,iVBORw0KGgo=' } }]);
    for (const url of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '',
    ]) {
      refuses([{ insert: { imageblock: url } }], 'imageblock');
      refuses([{ insert: { image: url } }], 'image');
      refuses([{ insert: { fileblock: { url, name: 'a.pdf' } } }], 'fileblock');
    }
    refuses([{ insert: { fileblock: { url: 'data:image/png;base64,AA', name: 'a' } } }], 'fileblock');
    refuses([{ insert: { fileblock: { url: '/a', name: '' } } }], 'fileblock');
    refuses([{ insert: { fileblock: { url: '/a', name: 'a', onclick: 'x' } } }], 'fileblock');
    refuses([{ insert: { fileblock: 'https://a' } }], 'fileblock');
    refuses([{ insert: { video: 'javascript:alert(1)' } }], 'video');
    refuses([{ insert: { mention: { id: 'a', value: 'b', html: '<b>' } } }], 'mention');
  });

  it('bounds sizes', () => {
    const many = Array.from({ length: DELTA_MAX_OPS + 1 }, () => ({ insert: 'a' }));
    expect(issuesOf({ ops: many })).toEqual([{ path: 'content_json.ops', message: expect.any(String) }]);
    refuses([{ insert: 'a'.repeat(DELTA_MAX_LENGTH + 1) }], 'content_json');
  });

  it('stops listing problems after a few', () => {
    const bad = Array.from({ length: 100 }, () => ({ insert: 'a', attributes: { nope: true } }));
    expect(issuesOf({ ops: bad }).length).toBeLessThanOrEqual(20);
  });
});

describe('deltaToPlainText and isDeltaBlank', () => {
  it('reads the words of a document', () => {
    const delta = {
      ops: [
        { insert: 'Hello ', attributes: { bold: true } },
        { insert: { mention: { id: '1', value: 'Ada' } } },
        { insert: ' see ' },
        { insert: { fileblock: { url: '/f', name: 'spec.pdf' } } },
        { insert: { imageblock: '/i.png' } },
        { insert: '\n' },
      ],
    };
    expect(deltaToPlainText(delta)).toBe('Hello @Ada see spec.pdf\n');
  });

  it('calls a document blank only when nothing can be seen', () => {
    expect(isDeltaBlank({ ops: [{ insert: '\n' }] })).toBe(true);
    expect(isDeltaBlank({ ops: [{ insert: '  \n\t\n' }] })).toBe(true);
    expect(isDeltaBlank({ ops: [{ insert: 'x\n' }] })).toBe(false);
    expect(isDeltaBlank({ ops: [{ insert: { imageblock: '/a.png' } }, { insert: '\n' }] })).toBe(false);
  });
});
