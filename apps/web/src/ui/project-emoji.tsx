import type { ProjectEmoji as ProjectEmojiName } from '@figgle/shared/emoji';
import type { MantineColor } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Icon } from './icon/icon';
import classes from './project-emoji.module.css';

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

/**
 * The project's emoji on a tinted tile. A plain element styled with the theme's colours, not a
 * Mantine ThemeIcon: it is drawn once per row of the projects table, the board and the sidebar, and a
 * component with its own style resolution per tile showed in a cold load's time.
 */
export function ProjectEmoji({ emoji, size = 'md', label }: ProjectEmojiProps) {
  const dimensions = SIZES[size];
  const colour = EMOJI_COLOURS[emoji as ProjectEmojiName] ?? 'gray';
  const style = {
    '--tile-size': `calc(${dimensions.tile / 16}rem * var(--mantine-scale))`,
    '--tile-radius': dimensions.tile >= 40 ? 'var(--mantine-radius-md)' : 'var(--mantine-radius-sm)',
    '--tile-bg': `var(--mantine-color-${colour}-light)`,
    '--tile-color': `var(--mantine-color-${colour}-light-color)`,
  } as CSSProperties;
  const accessibility = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span className={classes.tile} style={style} {...accessibility}>
      <Icon name={emoji} size={dimensions.icon} stroke={1.9} />
    </span>
  );
}
