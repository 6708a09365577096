/**
 * Hostile values by the kind of field they are sent to. Each is wrong for that kind of field, so a
 * request carrying it, otherwise valid, must be refused with a 4xx and change nothing.
 */
export type FieldKind =
  | 'uuid'
  | 'name'
  | 'text'
  | 'enum'
  | 'email'
  | 'password'
  | 'boolean'
  | 'index'
  | 'delta'
  | 'token'
  | 'trigram'
  | 'figmaKey'
  | 'code';

export type HostileValue = [label: string, value: unknown];

const WRONG_TYPES: HostileValue[] = [
  ['a number', 12345],
  ['an array', ['x']],
  ['an object', { $ne: null }],
];

const SQL: HostileValue[] = [
  ['SQL that closes a quote', "x' OR '1'='1"],
  ['SQL that drops a table', '1; DROP TABLE task; --'],
];

/** Strings that are broken or that hide what they say. */
const NUL_BYTE: HostileValue = ['a NUL byte', 'abc\u0000def'];
const LONE_SURROGATE: HostileValue = ['a lone surrogate', 'abc\ud800def'];
const RTL_OVERRIDE: HostileValue = ['an RTL override', 'invoice\u202Efdp.exe'];
const ZERO_WIDTH_ONLY: HostileValue = ['only zero-width characters', '\u200b\u200c\u200d\ufeff'];

export const HOSTILE_VALUES: Record<FieldKind, HostileValue[]> = {
  uuid: [
    ...WRONG_TYPES,
    ['not a uuid', 'not-a-uuid'],
    SQL[0]!,
    ['a path climbing folders', '../../../etc/passwd'],
    ['a uuid with a NUL byte', '00000000-0000-4000-8000-000000000000\u0000'],
  ],
  name: [
    ...WRONG_TYPES,
    ['blank', '   '],
    ['overlong', 'n'.repeat(5_000)],
    NUL_BYTE,
    LONE_SURROGATE,
    RTL_OVERRIDE,
    ZERO_WIDTH_ONLY,
  ],
  text: [WRONG_TYPES[0]!, ['overlong', 'd'.repeat(25_000)], NUL_BYTE, LONE_SURROGATE],
  enum: [WRONG_TYPES[0]!, ['an unknown value', 'PWNED'], SQL[1]!, ['a NUL byte', 'TODO\u0000']],
  email: [
    WRONG_TYPES[0]!,
    ['no domain', 'someone@'],
    ['SQL in the address', "x' OR 1=1 --@example.test"],
    ['overlong', `${'e'.repeat(300)}@example.test`],
    ['an RTL override', 'user\u202E@example.test'],
    NUL_BYTE,
  ],
  password: [WRONG_TYPES[0]!, ['too short', 'abc'], ['overlong', 'p'.repeat(10_000)]],
  boolean: [
    ['the string "true"', 'true'],
    ['a number', 1],
    ['null', null],
  ],
  index: [
    ['a string', '1'],
    ['negative', -1],
    ['a fraction', 1.5],
    ['huge', 1e12],
  ],
  delta: [
    ['a string', 'plain text'],
    ['ops that are not a list', { ops: 'x' }],
    ['a delete op', { ops: [{ delete: 3 }] }],
    ['an unknown format', { ops: [{ insert: 'x', attributes: { onclick: 'alert(1)' } }, { insert: '\n' }] }],
    ['a NUL byte', { ops: [{ insert: 'a\u0000b\n' }] }],
    ['a lone surrogate', { ops: [{ insert: 'a\ud800b\n' }] }],
    ['overlong', { ops: [{ insert: `${'x'.repeat(300_000)}\n` }] }],
  ],
  token: [WRONG_TYPES[0]!, ['overlong', 't'.repeat(5_000)], SQL[0]!, NUL_BYTE],
  trigram: [WRONG_TYPES[0]!, ['four letters', 'ABCD'], ['SQL', "A'-"], ['a NUL byte', 'A\u0000B']],
  figmaKey: [WRONG_TYPES[0]!, ['a path climbing folders', '../../admin'], ['SQL', "'; DROP TABLE file;--"]],
  code: [WRONG_TYPES[0]!, ['letters', 'abcdef'], ['SQL', "1' OR '1"]],
};
