import { useSortable } from '@dnd-kit/sortable';
import type { ChecklistItemView } from '@figgle/shared/checklist-schemas';
import { CHECKLIST_TEXT_MAX } from '@figgle/shared/planning-schemas';
import { ActionIcon, Anchor, Checkbox, Menu, TextInput, UnstyledButton } from '@mantine/core';
import { IconDotsVertical, IconGripVertical, IconSubtask, IconTrash } from '@tabler/icons-react';
import { type CSSProperties, useRef, useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { isPendingItem } from '../api/add-checklist-item';
import classes from './checklist.module.css';

interface ChecklistItemActions {
  onToggle: (done: boolean) => void;
  onEdit: (text: string) => void;
  onRemove: () => void;
  onConvert: () => void;
}

/**
 * One item: a grip to move it (by mouse, touch or keyboard), its checkbox, its text (a click edits
 * it in place: Enter saves, Escape undoes), and a menu to turn it into a task or remove it.
 */
export function ChecklistItemRow({
  item,
  actions,
}: {
  item: ChecklistItemView;
  actions: ChecklistItemActions;
}) {
  const pending = isPendingItem(item);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.item_id, disabled: pending });
  const [editing, setEditing] = useState(false);
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={classes.item}
      data-done={item.done || undefined}
      data-dragging={isDragging || undefined}
      data-pending={pending || undefined}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        size="sm"
        className={classes.handle}
        {...attributes}
        {...listeners}
        role="button"
        aria-label={t('task-detail.moveItem', { name: item.text })}
        disabled={pending}
      >
        <IconGripVertical size={14} aria-hidden />
      </ActionIcon>
      <Checkbox
        size="sm"
        checked={item.done}
        disabled={pending}
        aria-label={item.text}
        onChange={(event) => actions.onToggle(event.currentTarget.checked)}
      />
      {editing ? (
        <ItemEditor
          text={item.text}
          onDone={(text) => {
            setEditing(false);
            if (text !== null && text !== item.text) actions.onEdit(text);
          }}
        />
      ) : (
        <UnstyledButton
          className={classes.text}
          disabled={pending}
          aria-label={t('task-detail.editItem', { text: item.text })}
          onClick={() => setEditing(true)}
        >
          {item.text}
        </UnstyledButton>
      )}
      {item.converted_task ? (
        <Anchor
          component={Link}
          to={paths.task(item.converted_task.task_id)}
          size="xs"
          ff="monospace"
          aria-label={t('task-detail.openTaskReference', {
            reference: String(item.converted_task.reference),
          })}
        >
          #{item.converted_task.reference}
        </Anchor>
      ) : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            disabled={pending}
            aria-label={t('task-detail.actionsFor', { text: item.text })}
          >
            <IconDotsVertical size={14} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {item.converted_task ? null : (
            <Menu.Item leftSection={<IconSubtask size={14} aria-hidden />} onClick={actions.onConvert}>
              {t('task-detail.convertToTask')}
            </Menu.Item>
          )}
          <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={actions.onRemove}>
            {t('task-detail.remove')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </li>
  );
}

/** The text field that replaces an item's text while it is edited; null: left unchanged. */
function ItemEditor({ text, onDone }: { text: string; onDone: (text: string | null) => void }) {
  const [draft, setDraft] = useState(text);
  // Enter or Escape closes the field, and the blur that follows must not close it a second time.
  const closed = useRef(false);
  const close = (result: string | null) => {
    if (closed.current) return;
    closed.current = true;
    onDone(result);
  };
  const finish = () => close(draft.trim() ? draft.trim() : null);
  return (
    <TextInput
      // The person clicked the text to edit it: the field takes the focus it asked for.
      autoFocus
      size="xs"
      style={{ flex: 1, minWidth: 0 }}
      aria-label={t('task-detail.itemText')}
      maxLength={CHECKLIST_TEXT_MAX}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value.replace(/[\r\n]+/g, ' '))}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          finish();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          close(null);
        }
      }}
      onBlur={finish}
    />
  );
}
