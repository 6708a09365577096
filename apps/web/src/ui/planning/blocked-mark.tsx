import { Badge, type BadgeProps, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { DOMAttributes } from 'react';
import { t } from '../../lib/i18n/i18n';

export interface Blocker {
  reference: string;
  title: string;
}

/**
 * "Blocked": an icon and the word, so it reads without colour, and `words` (which tasks block it) on
 * hover and on keyboard focus, also its name for screen readers. A row or card gives it its size and
 * its handlers (read the blockers on approach, keep a press from opening or dragging the card).
 */
export function BlockedBadge({
  words,
  ...badge
}: { words: string } & Pick<BadgeProps, 'size' | 'style'> &
  Pick<
    DOMAttributes<HTMLSpanElement>,
    'onMouseEnter' | 'onFocus' | 'onClick' | 'onMouseDown' | 'onTouchStart'
  >) {
  return (
    <Tooltip label={words} multiline maw={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        component="span"
        tabIndex={0}
        color="red"
        variant="light"
        leftSection={<IconLock size={12} aria-hidden />}
        aria-label={words}
        {...badge}
      >
        {t('ui.blocked')}
      </Badge>
    </Tooltip>
  );
}

/** The task page's "Blocked", listing the open blocking tasks it was given. */
export function BlockedMark({ blockers }: { blockers: readonly Blocker[] }) {
  if (blockers.length === 0) return null;
  const names = blockers.map((blocker) => `${blocker.reference} ${blocker.title}`);
  return <BlockedBadge words={t('ui.blockedBy', { names: names.join(', ') })} />;
}
