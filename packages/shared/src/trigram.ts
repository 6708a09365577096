/**
 * Trigram rules without zod (the schema is in project-schemas.ts): the new-project form, preloaded on
 * /projects, proposes a trigram, and a schema here would bring zod along
 * (docs/machinery/first-load-javascript.md).
 */

const TRIGRAM_LENGTH = 3;
export const TRIGRAM_MESSAGE = 'The trigram must be exactly 3 letters or digits.';

export const TRIGRAM_PATTERN = /^[A-Za-z0-9]{3}$/;

export function isValidTrigram(value: unknown): value is string {
  return typeof value === 'string' && TRIGRAM_PATTERN.test(value);
}

/** The first up to 3 letters or digits of a name, upper case; accents are dropped so 'Éclair' gives 'ECL'. */
export function trigramFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, TRIGRAM_LENGTH)
    .toUpperCase();
}
