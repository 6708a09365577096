/**
 * Reads a JSON object's members from its UTF-8 bytes without parsing the whole: a member's value, or
 * each element of a member's array, is found by its brackets and quotes and parsed on its own. A
 * 48 MB Trello board parsed whole is ~300 MB of objects; read this way, only the elements kept live.
 *
 * It does not check the JSON between the values it is asked for (a value skipped is found by its
 * brackets only): callers fall back to JSON.parse of the whole file when anything is amiss (`null`
 * from `membersOf`, or a thrown SyntaxError), so that a broken file is refused as before.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

interface JsonSpan {
  start: number;
  end: number;
}

const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

function skipSpace(bytes: Uint8Array, at: number): number {
  while (isSpace(bytes[at])) at += 1;
  return at;
}

const broken = (at: number) => new SyntaxError(`Unexpected JSON at position ${at}`);

/** The end (after its closing quote) of the string starting at `at`. */
function stringEnd(bytes: Uint8Array, at: number): number {
  let quote = bytes.indexOf(QUOTE, at + 1);
  for (;;) {
    if (quote < 0) throw broken(bytes.length);
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    quote = bytes.indexOf(QUOTE, quote + 1);
  }
}

/** The end of the value starting at `at` (an object or array by its brackets, a string by its quotes). */
function valueEnd(bytes: Uint8Array, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return stringEnd(bytes, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    let i = at;
    while (i < bytes.length) {
      const byte = bytes[i]!;
      if (byte === QUOTE) {
        i = stringEnd(bytes, i);
        continue;
      }
      if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth += 1;
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
      i += 1;
    }
    throw broken(bytes.length);
  }
  // A number, true, false or null: up to the next separator.
  let i = at;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte)) break;
    i += 1;
  }
  if (i === at) throw broken(at);
  return i;
}

const decoder = new TextDecoder('utf-8');

/** The value in `span`, parsed. */
export function parseSpan(bytes: Uint8Array, span: JsonSpan): unknown {
  return JSON.parse(decoder.decode(bytes.subarray(span.start, span.end)));
}

/**
 * The members of the object `bytes` holds (a byte-order mark before it is skipped), each key with
 * where its value is; null when the bytes hold no object, or a key comes twice.
 */
export function membersOf(bytes: Uint8Array): Map<string, JsonSpan> | null {
  let at = skipSpace(bytes, bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0);
  if (bytes[at] !== OPEN_BRACE) return null;
  const members = new Map<string, JsonSpan>();
  at = skipSpace(bytes, at + 1);
  if (bytes[at] === CLOSE_BRACE) return skipSpace(bytes, at + 1) === bytes.length ? members : null;
  for (;;) {
    if (bytes[at] !== QUOTE) throw broken(at);
    const keyEnd = stringEnd(bytes, at);
    const key = parseSpan(bytes, { start: at, end: keyEnd }) as string;
    at = skipSpace(bytes, keyEnd);
    if (bytes[at] !== COLON) throw broken(at);
    const start = skipSpace(bytes, at + 1);
    const end = valueEnd(bytes, start);
    if (members.has(key)) return null;
    members.set(key, { start, end });
    at = skipSpace(bytes, end);
    if (bytes[at] === COMMA) {
      at = skipSpace(bytes, at + 1);
      continue;
    }
    if (bytes[at] !== CLOSE_BRACE) throw broken(at);
    return skipSpace(bytes, at + 1) === bytes.length ? members : null;
  }
}

/** Whether the value in `span` is an array. */
export const isArraySpan = (bytes: Uint8Array, span: JsonSpan) => bytes[span.start] === OPEN_BRACKET;

/** Each element of the array in `span`, parsed, one at a time. */
export function* elementsOf(bytes: Uint8Array, span: JsonSpan): Generator<unknown> {
  if (bytes[span.start] !== OPEN_BRACKET) throw broken(span.start);
  let at = skipSpace(bytes, span.start + 1);
  if (bytes[at] === CLOSE_BRACKET) return;
  for (;;) {
    const end = valueEnd(bytes, at);
    yield parseSpan(bytes, { start: at, end });
    at = skipSpace(bytes, end);
    if (bytes[at] === COMMA) {
      at = skipSpace(bytes, at + 1);
      continue;
    }
    if (bytes[at] !== CLOSE_BRACKET || at + 1 !== span.end) throw broken(at);
    return;
  }
}
