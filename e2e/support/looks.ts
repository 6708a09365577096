import { test } from './fixtures.ts';

/** The two looks a journey is run in: light on a desktop, dark on a phone. */
const LOOKS = [
  { scheme: 'light', width: 1440, height: 900 },
  { scheme: 'dark', width: 390, height: 844 },
] as const;

export type Look = (typeof LOOKS)[number];

/** The three layouts a screen is checked in, one `test.describe` each: 1440 px light and dark, 390 px light. */
export const LAYOUTS = [
  { name: '1440 px, light', colorScheme: 'light', viewport: { width: 1440, height: 900 } },
  { name: '1440 px, dark', colorScheme: 'dark', viewport: { width: 1440, height: 900 } },
  { name: '390 px, light', colorScheme: 'light', viewport: { width: 390, height: 844 } },
] as const;

/**
 * The journeys `journeys` declares, once in each look, light at 1440 px and dark at 390 px: a group
 * named "<title> at <width> px, <scheme>" with its colour scheme and viewport.
 */
export function inEachLook(title: string, journeys: (look: Look) => void): void {
  for (const look of LOOKS) {
    test.describe(`${title} at ${look.width} px, ${look.scheme}`, () => {
      test.use({ colorScheme: look.scheme, viewport: { width: look.width, height: look.height } });
      journeys(look);
    });
  }
}
