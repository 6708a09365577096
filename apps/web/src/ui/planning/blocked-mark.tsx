import { Badge, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export interface Blocker {
  reference: string;
  title: string;
}

/**
 * "Blocked": an icon and the word, so it reads without colour; the open blocking tasks are listed
 * on hover and on keyboard focus.
 */
export function BlockedMark({ blockers }: { blockers: readonly Blocker[] }) {
  if (blockers.length === 0) return null;
  const names = blockers.map((blocker) => `${blocker.reference} ${blocker.title}`);
  return (
    <Tooltip
      label={`Blocked by ${names.join(', ')}`}
      multiline
      maw={320}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        component="span"
        tabIndex={0}
        color="red"
        variant="light"
        leftSection={<IconLock size={12} aria-hidden />}
        aria-label={`Blocked by ${names.join(', ')}`}
      >
        Blocked
      </Badge>
    </Tooltip>
  );
}
