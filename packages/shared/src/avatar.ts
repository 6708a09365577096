/** Stands in for a missing name, so an avatar always shows two characters. */
const MISSING_INITIAL = '.';

function initial(name: string | null | undefined): string {
  // Array.from splits by code point, so a name starting with an emoji or astral letter stays whole.
  const first = Array.from(name?.trim() ?? '')[0];
  return first === undefined ? MISSING_INITIAL : first.toLocaleUpperCase();
}

/** 'Ada Lovelace' → 'AL'; a missing or blank part becomes '.' ('Ada', null → 'A.'). */
export function initials(firstname: string | null | undefined, lastname: string | null | undefined): string {
  return initial(firstname) + initial(lastname);
}
