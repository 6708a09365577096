import { describe, expect, it } from 'vitest';
import {
  figmaCommentText,
  figmaDoneReply,
  figmaEventKind,
  figmaFileUrl,
  figmaNodeUrl,
  figmaTaskTitle,
  parseFigmaFileKey,
  parseFigmaNodeUrl,
  parseFigmaTeamId,
  radarTaskTitle,
} from './figma.ts';

describe('parseFigmaFileKey', () => {
  it.each([
    ['zH44k2FUM629Fa4EMShiHL', 'zH44k2FUM629Fa4EMShiHL'],
    ['  zH44k2FUM629Fa4EMShiHL  ', 'zH44k2FUM629Fa4EMShiHL'],
    ['https://www.figma.com/design/zH44k2FUM629Fa4EMShiHL/Checkout-redesign', 'zH44k2FUM629Fa4EMShiHL'],
    [
      'https://www.figma.com/design/zH44k2FUM629Fa4EMShiHL/Checkout?node-id=12-345&t=abc',
      'zH44k2FUM629Fa4EMShiHL',
    ],
    ['https://www.figma.com/file/zH44k2FUM629Fa4EMShiHL/Old-style', 'zH44k2FUM629Fa4EMShiHL'],
    ['https://figma.com/board/zH44k2FUM629Fa4EMShiHL/Jam', 'zH44k2FUM629Fa4EMShiHL'],
    ['www.figma.com/design/zH44k2FUM629Fa4EMShiHL', 'zH44k2FUM629Fa4EMShiHL'],
    [
      'https://www.figma.com/design/zH44k2FUM629Fa4EMShiHL/branch/BRANCHkey1234/Checkout',
      'zH44k2FUM629Fa4EMShiHL',
    ],
  ])('reads %s', (input, key) => {
    expect(parseFigmaFileKey(input)).toBe(key);
  });

  it.each([
    [''],
    ['short'],
    ['has spaces in it'],
    ['key-with-dashes-1234'],
    ['https://evil.example.com/design/zH44k2FUM629Fa4EMShiHL/x'],
    ['https://www.figma.com/files/team/123456'],
    ['javascript:alert(1)'],
  ])('refuses %j', (input) => {
    expect(parseFigmaFileKey(input)).toBeNull();
  });
});

describe('parseFigmaTeamId', () => {
  it('reads an id and a team URL', () => {
    expect(parseFigmaTeamId(' 1234567890123456789 ')).toBe('1234567890123456789');
    expect(parseFigmaTeamId('https://www.figma.com/files/team/1234567890123456789/Design-Team')).toBe(
      '1234567890123456789',
    );
  });
  it('refuses anything else', () => {
    expect(parseFigmaTeamId('team-12')).toBeNull();
    expect(parseFigmaTeamId('')).toBeNull();
    expect(parseFigmaTeamId('1'.repeat(41))).toBeNull();
    expect(parseFigmaTeamId('https://example.com/team/123')).toBeNull();
  });
});

describe('links', () => {
  it('replaces every colon of a node id in a deep link', () => {
    expect(figmaNodeUrl('zH44k2FUM629Fa4EMShiHL', '12:345')).toBe(
      'https://www.figma.com/design/zH44k2FUM629Fa4EMShiHL?node-id=12-345',
    );
    expect(figmaNodeUrl('abcdefghijkl', 'I1:2;3:4')).toBe(
      'https://www.figma.com/design/abcdefghijkl?node-id=I1-2%3B3-4',
    );
    expect(figmaFileUrl('abcdefghijkl')).toBe('https://www.figma.com/design/abcdefghijkl');
  });
});

describe('figmaCommentText', () => {
  it('joins fragments and shows mentions as handles', () => {
    const text = figmaCommentText(
      [
        { text: 'Button contrast is too low on hover ' },
        { mention: '811724164054158337' },
        { text: ' #task' },
      ],
      [{ id: '811724164054158337', handle: 'Ada Lovelace' }],
    );
    expect(text).toBe('Button contrast is too low on hover @Ada Lovelace #task');
  });
  it('falls back to the id of an unknown mention and ignores unknown fragments', () => {
    expect(figmaCommentText([{ mention: '42' }, {}, { text: '!' }])).toBe('@42!');
  });
});

describe('figmaEventKind', () => {
  it('classifies comments', () => {
    expect(figmaEventKind('Please fix #task', '')).toBe('TASK');
    expect(figmaEventKind('Please fix #TASK now', null)).toBe('TASK');
    expect(figmaEventKind('A reply #task', '1180434951')).toBe('REPLY');
    expect(figmaEventKind('Nice work', '')).toBe('COMMENT');
    expect(figmaEventKind('see #tasks list', '')).toBe('COMMENT');
  });
});

describe('titles', () => {
  it('drops the marker and keeps at most 100 characters', () => {
    expect(figmaTaskTitle('Button contrast is too low on hover @Ada Lovelace #task')).toBe(
      'Button contrast is too low on hover @Ada Lovelace',
    );
    expect(figmaTaskTitle(`#task ${'a'.repeat(150)}`)).toBe('a'.repeat(100));
    expect(figmaTaskTitle('  #task  ', 'Checkout redesign')).toBe('Comment on Checkout redesign');
    expect(figmaTaskTitle('line one\nline two #task')).toBe('line one line two');
  });
  it('takes the first 100 characters of a radar event', () => {
    expect(radarTaskTitle('x'.repeat(120))).toBe('x'.repeat(100));
    expect(radarTaskTitle('Looks good')).toBe('Looks good');
    expect(radarTaskTitle('', 'Checkout')).toBe('Comment on Checkout');
  });
  it('never cuts an emoji in half', () => {
    const title = radarTaskTitle(`${'a'.repeat(99)}😀😀`);
    expect(title).toBe(`${'a'.repeat(99)}😀`);
  });
  it('writes the done reply', () => {
    expect(figmaDoneReply('tri', 12)).toBe('Done in Figgle: TRI-12');
  });
});

describe('parseFigmaNodeUrl', () => {
  it('reads the file key and the node of a "Copy link to selection" address, in the API form', () => {
    expect(
      parseFigmaNodeUrl('https://www.figma.com/design/AbCdEfGhIjKl/Checkout?node-id=12-34&t=x-1'),
    ).toEqual({
      fileKey: 'AbCdEfGhIjKl',
      nodeId: '12:34',
    });
    expect(parseFigmaNodeUrl(' figma.com/file/AbCdEfGhIjKl/Old?node-id=1%3A2 ')).toEqual({
      fileKey: 'AbCdEfGhIjKl',
      nodeId: '1:2',
    });
    expect(parseFigmaNodeUrl('https://www.figma.com/design/AbCdEfGhIjKl/x?node-id=I1-2;3-4')).toEqual({
      fileKey: 'AbCdEfGhIjKl',
      nodeId: 'I1:2;3:4',
    });
  });
  it('refuses an address without a node, of another host, or not an address', () => {
    expect(parseFigmaNodeUrl('https://www.figma.com/design/AbCdEfGhIjKl/Checkout')).toBeNull();
    expect(parseFigmaNodeUrl('https://evil.example/design/AbCdEfGhIjKl/x?node-id=1-2')).toBeNull();
    expect(parseFigmaNodeUrl('https://www.figma.com/design/AbCdEfGhIjKl/x?node-id=1-2<script>')).toBeNull();
    expect(parseFigmaNodeUrl('hello')).toBeNull();
  });
});
