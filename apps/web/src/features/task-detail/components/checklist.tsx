import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ChecklistItemView } from '@figgle/shared/checklist-schemas';
import { Anchor, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { useConvertChecklistItem } from '../api/convert-checklist-item';
import { useDeleteChecklistItem } from '../api/delete-checklist-item';
import { useChecklist } from '../api/list-checklist';
import { useUpdateChecklistItem } from '../api/update-checklist-item';
import classes from './checklist.module.css';
import { ChecklistAdd } from './checklist-add';
import { ChecklistItemRow } from './checklist-item';

/**
 * The task's checklist (docs/product.md#checklist): ticked, edited, removed, reordered by drag or by
 * keyboard with each item's grip, turned into tasks, and added to with Enter.
 */
export function Checklist({ taskId }: { taskId: string }) {
  const checklist = useChecklist(taskId);
  const update = useUpdateChecklistItem(taskId);
  const remove = useDeleteChecklistItem(taskId);
  const convert = useConvertChecklistItem(taskId);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const items = checklist.data?.items ?? [];
  const convertedId = convert.data?.task_id ?? '';
  const done = items.filter((item) => item.done).length;

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const index = items.findIndex((item) => item.item_id === over.id);
    if (index === -1) return;
    update.mutate({ taskId, itemId: String(active.id), changes: { index } });
  }

  const textOf = (id: string | number) =>
    items.find((item) => item.item_id === id)?.text ?? t('task-detail.theItem');
  const placeOf = (id: string | number) => ({
    position: items.findIndex((item) => item.item_id === id) + 1,
    total: items.length,
  });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('task-detail.dragPickedUp', { name: textOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('task-detail.dragOver', { name: textOf(active.id), ...placeOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('task-detail.dragDroppedAt', { name: textOf(active.id), ...placeOf(over.id) })
        : t('task-detail.dragDropped', { name: textOf(active.id) }),
    onDragCancel: ({ active }) => t('task-detail.dragCancelled', { name: textOf(active.id) }),
  };

  const actionsFor = (item: ChecklistItemView) => ({
    onToggle: (checked: boolean) =>
      update.mutate({ taskId, itemId: item.item_id, changes: { done: checked } }),
    onEdit: (text: string) => update.mutate({ taskId, itemId: item.item_id, changes: { text } }),
    onRemove: () => remove.mutate({ taskId, itemId: item.item_id }),
    onConvert: () => convert.mutate(item.item_id),
  });

  return (
    <section aria-labelledby="task-checklist-heading">
      <Group justify="space-between" align="center" mb={8}>
        <Title id="task-checklist-heading" order={2} fz="sm" fw={600} c="dimmed" tt="uppercase">
          {t('task-detail.checklist')}
        </Title>
        {items.length > 0 ? (
          <Text
            size="sm"
            c="dimmed"
            aria-label={t('task-detail.checklistDone', { done, total: items.length })}
          >
            {done}/{items.length}
          </Text>
        ) : null}
      </Group>
      <Stack gap={6}>
        {items.length > 0 ? (
          <Progress
            value={(done / items.length) * 100}
            size="xs"
            color={done === items.length ? 'teal' : undefined}
            aria-label={t('task-detail.checklistProgress')}
          />
        ) : null}
        {checklist.isPending ? (
          <Skeleton h={34} />
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable: t('task-detail.checklistDragHelp'),
              },
            }}
          >
            <SortableContext items={items.map((item) => item.item_id)} strategy={verticalListSortingStrategy}>
              <ul className={classes.list} aria-label={t('task-detail.checklistItems')}>
                {items.map((item) => (
                  <ChecklistItemRow key={item.item_id} item={item} actions={actionsFor(item)} />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        )}
        <ChecklistAdd taskId={taskId} />
      </Stack>
      {convert.data ? (
        <Text size="xs" c="dimmed" mt={6} role="status">
          {tRich('task-detail.convertedToTask', {
            reference: String(convert.data.reference),
            link: (chunks) => (
              <Anchor key="open" component={Link} to={paths.task(convertedId)} size="xs">
                {chunks}
              </Anchor>
            ),
          })}
        </Text>
      ) : null}
    </section>
  );
}
