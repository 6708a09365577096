import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { STATUS_LABELS, type TaskStatus } from '@figgle/shared/status';
import { Badge, Group, Text } from '@mantine/core';
import { memo, useId, useRef } from 'react';
import { StatusDot } from '../status-dot';
import classes from './board.module.css';
import type { BoardCardData } from './board-card';
import { SortableBoardCard } from './board-card';
import { useColumnVirtualizer } from './column-virtualizer';
import { columnDropId, endDropId } from './columns';

export interface BoardColumnProps {
  status: TaskStatus;
  ids: string[];
  cardData: (taskId: string) => BoardCardData | undefined;
  onAssign: (taskId: string, assignee: BoardCardData['task']['assignee']) => void;
  wasDragging: () => boolean;
}

/**
 * One status: its cards (only those in view are in the page) and a drop zone at its end. Memoized:
 * a drag over one column re-renders that column, not all four.
 */
export const BoardColumn = memo(function BoardColumn({
  status,
  ids,
  cardData,
  onAssign,
  wasDragging,
}: BoardColumnProps) {
  const titleId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const column = useDroppable({ id: columnDropId(status) });
  const end = useDroppable({ id: endDropId(status) });
  const virtualizer = useColumnVirtualizer(ids, scrollRef);

  return (
    <section className={classes.column} aria-labelledby={titleId} data-over={column.isOver || undefined}>
      <Group justify="space-between" className={classes.columnHeader}>
        <Group gap={8}>
          <StatusDot status={status} />
          <Text id={titleId} component="h2" size="sm" fw={650}>
            {STATUS_LABELS[status]}
          </Text>
        </Group>
        <Badge variant="light" color="gray" radius="sm" size="sm" aria-label={`${ids.length} tasks`}>
          {ids.length}
        </Badge>
      </Group>
      <div
        ref={(element) => {
          scrollRef.current = element;
          column.setNodeRef(element);
        }}
        className={classes.columnScroll}
      >
        <SortableContext id={status} items={ids} strategy={verticalListSortingStrategy}>
          <ul
            aria-labelledby={titleId}
            className={classes.list}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const data = cardData(ids[item.index]!);
              if (!data) return null;
              return (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className={classes.slot}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <SortableBoardCard
                    {...data}
                    onAssign={(assignee) => onAssign(data.task.task_id, assignee)}
                    wasDragging={wasDragging}
                  />
                </li>
              );
            })}
          </ul>
        </SortableContext>
      </div>
      <div ref={end.setNodeRef} className={classes.endZone} data-over={end.isOver || undefined} aria-hidden>
        Drop here to put it last
      </div>
    </section>
  );
});
