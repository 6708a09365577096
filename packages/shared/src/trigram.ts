import { z } from 'zod';

const TRIGRAM_LENGTH = 3;
export const TRIGRAM_MESSAGE = 'The trigram must be exactly 3 letters or digits.';

const TRIGRAM_PATTERN = /^[A-Za-z0-9]{3}$/;

export function isValidTrigram(value: unknown): value is string {
  return typeof value === 'string' && TRIGRAM_PATTERN.test(value);
}

export const trigramSchema = z
  .string({ error: TRIGRAM_MESSAGE })
  .regex(TRIGRAM_PATTERN, { error: TRIGRAM_MESSAGE });

/**
 * What the trigram field holds after the project name changes: while the person has not yet got
 * 3 characters in it, it follows the name; once it is full, it is theirs and stays as it is.
 */
export function autofillTrigram(name: string, currentTrigram: string | null | undefined): string {
  const current = currentTrigram ?? '';
  if (current.length >= TRIGRAM_LENGTH) return current;
  return trigramFromName(name);
}

/** The first up to 3 letters or digits of a name, upper case; accents are dropped so 'Éclair' gives 'ECL'. */
export function trigramFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, TRIGRAM_LENGTH)
    .toUpperCase();
}
