import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { TaskStatus } from '@figgle/shared/status';
import { ActionIcon, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useEffect, useId, useRef } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import type { StatusChoice } from '../../../../shared/api/list-project-statuses';
import filterClasses from '../filters/filters.module.css';
import { StatusDot } from '../status-dot';
import classes from './board.module.css';
import type { BoardCardData } from './board-card';
import { SortableBoardCard } from './board-card';
import { useColumnVirtualizer } from './column-virtualizer';
import { columnDropId, endDropId } from './columns';

export interface BoardColumnProps {
  status: StatusChoice;
  ids: string[];
  /** Cards that stopped matching the filters and are fading out. */
  leaving: ReadonlySet<string>;
  /** The card j and k selected, if it is in this column. */
  selectedId: string | null;
  cardData: (taskId: string) => BoardCardData | undefined;
  onAssign: (taskId: string, assignee: BoardCardData['task']['assignee']) => void;
  wasDragging: () => boolean;
  /** What the column's shown cards' estimates add up to ("13 pts"); null without any. */
  estimateTotal?: string | null;
  /** Opens "Add a task" with this column's status chosen; the header's "+" is absent without it. */
  onAdd?: (status: TaskStatus) => void;
}

/**
 * One status: its cards (only those in view are in the page) and a drop zone at its end. Memoized:
 * a drag over one column re-renders that column, not all four.
 */
export const BoardColumn = memo(function BoardColumn({
  status,
  ids,
  leaving,
  selectedId,
  cardData,
  onAssign,
  wasDragging,
  estimateTotal = null,
  onAdd,
}: BoardColumnProps) {
  const titleId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const column = useDroppable({ id: columnDropId(status.key) });
  const end = useDroppable({ id: endDropId(status.key) });
  const virtualizer = useColumnVirtualizer(ids, scrollRef, (id) => cardData(id)?.task);
  const selectedIndex = selectedId === null ? -1 : ids.indexOf(selectedId);
  const shownCount = leaving.size === 0 ? ids.length : ids.filter((id) => !leaving.has(id)).length;

  // The selected card is brought into view: in its column first (it may not be drawn yet), then the page.
  useEffect(() => {
    if (selectedIndex < 0) return;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
    const frame = requestAnimationFrame(() =>
      scrollRef.current
        ?.querySelector(`[data-index="${selectedIndex}"]`)
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [selectedIndex, virtualizer]);

  return (
    <section className={classes.column} aria-labelledby={titleId} data-over={column.isOver || undefined}>
      <Group justify="space-between" className={classes.columnHeader}>
        <Group gap={8}>
          <StatusDot status={status.key} color={status.color} />
          <Text id={titleId} component="h2" size="sm" fw={650}>
            {status.name}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          {estimateTotal ? (
            <Text size="xs" c="dimmed" fw={600} title={t('tasks.columnEstimateTitle')}>
              <VisuallyHidden>{t('tasks.columnEstimateTotal')} </VisuallyHidden>
              {estimateTotal}
            </Text>
          ) : null}
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            size="sm"
            aria-label={t('tasks.columnCount', { count: shownCount })}
          >
            {shownCount}
          </Badge>
          {onAdd ? (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t('tasks.addTaskTo', { status: status.name })}
              title={t('tasks.addTaskTo', { status: status.name })}
              onClick={() => onAdd(status.key)}
            >
              <IconPlus size={14} stroke={2} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
      </Group>
      <div
        ref={(element) => {
          scrollRef.current = element;
          column.setNodeRef(element);
        }}
        className={classes.columnScroll}
      >
        <SortableContext id={status.key} items={ids} strategy={verticalListSortingStrategy}>
          <ul
            aria-labelledby={titleId}
            className={classes.list}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const id = ids[item.index]!;
              const data = cardData(id);
              if (!data) return null;
              const selected = id === selectedId;
              return (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className={`${classes.slot}${leaving.has(id) ? ` ${filterClasses.leaving}` : ''}${selected ? ` ${filterClasses.selectedSlot}` : ''}`}
                  aria-current={selected || undefined}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <SortableBoardCard {...data} onAssign={onAssign} wasDragging={wasDragging} />
                </li>
              );
            })}
          </ul>
        </SortableContext>
      </div>
      <div ref={end.setNodeRef} className={classes.endZone} data-over={end.isOver || undefined} aria-hidden>
        {t('tasks.dropLast')}
      </div>
    </section>
  );
});
