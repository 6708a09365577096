import type { FigmaEventView } from '@figgle/shared/figma-schemas';
import { ThemeIcon } from '@mantine/core';
import { IconMessageCircle, IconMessageReply, IconSquareCheck } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';

const KINDS = {
  TASK: { Drawing: IconSquareCheck, colour: 'teal' },
  REPLY: { Drawing: IconMessageReply, colour: 'blue' },
  COMMENT: { Drawing: IconMessageCircle, colour: 'violet' },
} as const;

/** The kind's name, in the reader's language (read at render, after the catalogue loads). */
export function eventKindLabel(kind: FigmaEventView['kind']): string {
  if (kind === 'TASK') return t('figma-radar.kindTask');
  if (kind === 'REPLY') return t('figma-radar.kindReply');
  return t('figma-radar.kindComment');
}

/** TASK (a '#task' comment), REPLY or COMMENT, named for screen readers. */
export function EventKindIcon({ kind, size = 34 }: { kind: FigmaEventView['kind']; size?: number }) {
  const { Drawing, colour } = KINDS[kind];
  const label = eventKindLabel(kind);
  return (
    <ThemeIcon
      variant="light"
      color={colour}
      size={size}
      radius="md"
      role="img"
      aria-label={label}
      title={label}
    >
      <Drawing size={Math.round(size * 0.56)} stroke={1.8} aria-hidden />
    </ThemeIcon>
  );
}
