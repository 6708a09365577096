/** The palette has six colours; an id always maps to the same one, so a person or event keeps its colour. */
export const COLOUR_CODE_COUNT = 6;
export const DEFAULT_COLOUR_CODE = 2;

/** 0..5, from the hex digit fourth from the end of the id; 2 when there is no such hex digit. */
export function colourCodeFromId(id: string | number | null | undefined): number {
  if (id === null || id === undefined) return DEFAULT_COLOUR_CODE;
  const text = String(id);
  const digit = text.length >= 4 ? text.charAt(text.length - 4) : '';
  if (!/^[0-9a-f]$/i.test(digit)) return DEFAULT_COLOUR_CODE;
  return Number.parseInt(digit, 16) % COLOUR_CODE_COUNT;
}
