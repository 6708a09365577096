import { COLOUR_CODE_COUNT } from '@figgle/shared/colour-code';
import { Badge, type MantineColor } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';

/** The radar's six tag looks, chosen by a hash of the author. */
/** The avatars' six colours, each readable on its own tint (AA). */
const TAG_LOOKS: readonly MantineColor[] = ['blue', 'grape', 'cyan', 'violet', 'pink', 'indigo'];

function tagLookOf(text: string): MantineColor {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TAG_LOOKS[hash % COLOUR_CODE_COUNT] ?? 'gray';
}

export function AuthorTag({ handle }: { handle: string }) {
  const name = handle || t('figma-radar.someoneOnFigma');
  return (
    <Badge variant="light" color={tagLookOf(name)} radius="sm" tt="none" fw={600} maw={220}>
      {name}
    </Badge>
  );
}
