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

const DISPLAY_TEXT_CONTROL_MESSAGE = 'cannot contain control or text-direction characters.';
const DISPLAY_TEXT_INVISIBLE_MESSAGE = 'cannot be made only of invisible characters.';

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

/**
 * A required one-line text people show each other (a name, a title): trimmed, 1 to `max` characters,
 * and the two rules above. `label` starts the messages ("The name of the label is required."), and
 * `limitLabel`, where given, the one about the length ("The name of a milestone is at most 100 characters.").
 */
export function requiredDisplayText(label: string, max: number, limitLabel = label) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${limitLabel} is at most ${max} characters.`)
    .check(...displayTextRules(label));
}

const WEB_ADDRESS_MESSAGE = 'cannot contain a web address.';

/** A scheme (`https://`, `mailto:`), `www.`, or a host name ending in a top-level domain. */
const SCHEME = /\b[a-z][a-z0-9+.-]*:(\/\/|[^\s]*@)|\b(mailto|javascript|data):/i;
const WWW = /\bwww\./i;
/**
 * `name.tld`: a label of two or more characters, a dot, and a top-level domain of letters, as mail
 * programs turn into links. A dot followed by a space ("J. R. R.", "Dr. Ada") or by one letter
 * ("J.R.R.") is not an address; "St.John" is refused, and "St. John" passes.
 */
const HOST = /[\p{L}\p{N}-]{2,}\.(?:[\p{L}\p{N}-]+\.)*\p{L}{2,63}(?![\p{L}\p{N}])/u;

/** Whether a name holds something a mail program would show as a link. */
function containsWebAddress(value: string): boolean {
  return SCHEME.test(value) || WWW.test(value) || HOST.test(value);
}

/**
 * Names that go into emails to addresses their author chose (people's, organizations'): no web
 * address, or Figgle's own mail would carry someone else's link (issue 37).
 */
export function nameRules(label: string) {
  return [
    ...displayTextRules(label),
    z.refine<string>((value) => !containsWebAddress(value), `${label} ${WEB_ADDRESS_MESSAGE}`),
  ];
}
