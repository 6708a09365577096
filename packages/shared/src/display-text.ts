import { z } from 'zod';

/**
 * Rules for one-line texts people show each other (names, titles): they may not hide what they say.
 * Right-to-left scripts need none of the direction controls refused here; a joiner inside an emoji
 * sequence stays allowed, only a text made of nothing but invisible characters is refused.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Embeddings, overrides and isolates: they reorder what is displayed ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf"). */
const DIRECTION_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const INVISIBLE = /[\s\u200b-\u200f\u2060-\u2064\ufeff\u00ad\u180e]/gu;

export const DISPLAY_TEXT_CONTROL_MESSAGE = 'cannot contain control or text-direction characters.';
export const DISPLAY_TEXT_INVISIBLE_MESSAGE = 'cannot be made only of invisible characters.';

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value) || DIRECTION_CONTROL.test(value);
}

export function isOnlyInvisible(value: string): boolean {
  return value.length > 0 && value.replace(INVISIBLE, '').length === 0;
}

/** The two rules as zod checks, with messages that start with the field's label. */
export function displayTextRules(label: string) {
  return [
    z.refine<string>((value) => !hasControlCharacters(value), `${label} ${DISPLAY_TEXT_CONTROL_MESSAGE}`),
    z.refine<string>((value) => !isOnlyInvisible(value), `${label} ${DISPLAY_TEXT_INVISIBLE_MESSAGE}`),
  ];
}
