import type { FigmaEventView } from '@figgle/shared/figma-schemas';
import { ThemeIcon } from '@mantine/core';
import { IconMessageCircle, IconMessageReply, IconSquareCheck } from '@tabler/icons-react';

const KINDS = {
  TASK: { Drawing: IconSquareCheck, colour: 'teal', label: 'Task' },
  REPLY: { Drawing: IconMessageReply, colour: 'blue', label: 'Reply' },
  COMMENT: { Drawing: IconMessageCircle, colour: 'violet', label: 'Comment' },
} as const;

export const EVENT_KIND_LABELS: Record<FigmaEventView['kind'], string> = {
  TASK: KINDS.TASK.label,
  REPLY: KINDS.REPLY.label,
  COMMENT: KINDS.COMMENT.label,
};

/** TASK (a '#task' comment), REPLY or COMMENT, named for screen readers. */
export function EventKindIcon({ kind, size = 34 }: { kind: FigmaEventView['kind']; size?: number }) {
  const { Drawing, colour, label } = KINDS[kind];
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
