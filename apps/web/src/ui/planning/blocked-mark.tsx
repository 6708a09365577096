import { Badge, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { t } from '../../lib/i18n/i18n';

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
      label={t('ui.blockedBy', { names: names.join(', ') })}
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
        aria-label={t('ui.blockedBy', { names: names.join(', ') })}
      >
        {t('ui.blocked')}
      </Badge>
    </Tooltip>
  );
}
