import { TASK_STATUSES } from '@figgle/shared/status';
import { ActionIcon, Group, Skeleton, Text } from '@mantine/core';
import { t } from '../../../../lib/i18n/i18n';
import { defaultStatusLabel } from '../labels';
import { StatusDot } from '../status-dot';
import classes from './board.module.css';

/** About a compact card's height (board.module.css). */
const CARD_HEIGHT = 94;

/**
 * The board's four columns, drawn where the board will be while its tasks or its code are on their
 * way: the same grid, headers and heights as the real columns, so nothing moves when the cards come
 * (docs/product.md#board). Not yet the board: hidden from screen readers, which hear "Loading".
 */
export function BoardPlaceholder() {
  return (
    <div className={classes.board} role="status" aria-label={t('tasks.loading')} data-board-placeholder>
      {TASK_STATUSES.map((status) => (
        <div key={status} className={classes.column} aria-hidden>
          <Group justify="space-between" className={classes.columnHeader}>
            <Group gap={8}>
              <StatusDot status={status} />
              <Text component="span" size="sm" fw={650}>
                {defaultStatusLabel(status)}
              </Text>
            </Group>
            {/* Keeps the height of the "+" the real header shows (a project's board). */}
            <ActionIcon component="span" size="sm" variant="subtle" style={{ visibility: 'hidden' }} />
          </Group>
          <div className={`${classes.columnScroll} ${classes.placeholderScroll}`}>
            <Skeleton height={CARD_HEIGHT} radius="md" mb={8} />
            <Skeleton height={CARD_HEIGHT} radius="md" />
          </div>
          <div className={classes.endZone} />
        </div>
      ))}
    </div>
  );
}
