import type { ProjectEmoji as ProjectEmojiName } from '@figgle/shared/emoji';
import { type MantineColor, ThemeIcon } from '@mantine/core';
import { Icon } from './icon/icon';

const EMOJI_COLOURS: Record<ProjectEmojiName, MantineColor> = {
  fox: 'orange',
  octopus: 'grape',
  alien: 'lime',
  seeding: 'teal',
  fish: 'cyan',
};

const SIZES = {
  xs: { tile: 20, icon: 13 },
  sm: { tile: 24, icon: 15 },
  md: { tile: 32, icon: 19 },
  lg: { tile: 40, icon: 24 },
  xl: { tile: 56, icon: 32 },
} as const;

export interface ProjectEmojiProps {
  emoji: ProjectEmojiName | (string & {});
  size?: keyof typeof SIZES;
  /** Names the emoji for screen readers when it is not next to the project's name. */
  label?: string;
}

export function ProjectEmoji({ emoji, size = 'md', label }: ProjectEmojiProps) {
  const dimensions = SIZES[size];
  const colour = EMOJI_COLOURS[emoji as ProjectEmojiName] ?? 'gray';
  return (
    <ThemeIcon
      variant="light"
      color={colour}
      size={dimensions.tile}
      radius={dimensions.tile >= 40 ? 'md' : 'sm'}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <Icon name={emoji} size={dimensions.icon} stroke={1.9} />
    </ThemeIcon>
  );
}
