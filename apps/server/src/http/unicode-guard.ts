import type { AppInstance } from './app-instance.ts';
import { badRequest } from './errors.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what is refused
const NUL = /\u0000/;
/** A UTF-16 surrogate without its pair: text no database or email can hold as it was sent. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The path of the first string in `value` that holds a NUL character or a lone surrogate. */
function firstBrokenText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return NUL.test(value) || LONE_SURROGATE.test(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const broken =
      firstBrokenText(key, path, depth + 1) ?? firstBrokenText(item, `${path}.${key}`, depth + 1);
    if (broken) return broken;
  }
  return null;
}

/**
 * PostgreSQL refuses the NUL character in text and JSON, and a lone surrogate silently becomes U+FFFD:
 * both are refused up front, wherever they are (body, query, path), with a 400 naming the field.
 */
export function installUnicodeGuard(app: AppInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [name, part] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = firstBrokenText(part, name);
      if (path) {
        throw badRequest(`Invalid input: ${path} contains a NUL character or broken Unicode text.`, [
          { path, message: 'contains a NUL character or broken Unicode text' },
        ]);
      }
    }
  });
}
