import type { BulkTaskFields } from '@figgle/shared/bulk-task-schemas';
import { PRIORITY_LABELS, TASK_PRIORITIES } from '@figgle/shared/priority';
import type { PersonView, TaskSummaryView } from '@figgle/shared/task-schemas';
import { TRASH_DAYS } from '@figgle/shared/trash-schemas';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Paper,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconTrash, IconX } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useMembers } from '../../../../shared/api/list-members';
import { useStatusChoices } from '../../../../shared/api/list-project-statuses';
import { confirm } from '../../../../ui/confirm/confirm-service';
import { toastSuccess } from '../../../../ui/toast';
import { toastUndo } from '../../../../ui/undo-toast';
import { useBulkChangeTasks } from '../../api/bulk-change-tasks';
import { useBulkDeleteTasks } from '../../api/bulk-delete-tasks';
import { memberName } from '../member-name';
import { StatusDot } from '../status-dot';
import classes from './bulk-bar.module.css';
import { BulkCycleMenu } from './bulk-cycle-menu';
import { type BulkField, changedTasksMessage, undoGroups } from './bulk-undo';

export interface BulkBarProps {
  /** The ticked tasks, in list order. */
  tasks: readonly TaskSummaryView[];
  organizationId: string;
  onClear: () => void;
}

/**
 * The bar that appears while rows are ticked: set the status, assignee, priority, due date or cycle
 * (tasks of one project that plans in cycles) of all of them in one request, then "Changed 24 tasks" with Undo for 10 s. The rows stay ticked, so
 * another field can follow.
 */
export function BulkBar({ tasks, organizationId, onClear }: BulkBarProps) {
  const bulkChange = useBulkChangeTasks();
  const bulkDelete = useBulkDeleteTasks();
  const members = useMembers(organizationId);
  // The statuses of the tasks' project when they share one (a project's list), else the four first.
  const projectId = tasks.every((task) => task.project_id === tasks[0]?.project_id)
    ? tasks[0]?.project_id
    : undefined;
  const statuses = useStatusChoices(projectId);
  const people = useMemo(
    () =>
      new Map<string, PersonView>(
        (members.data ?? []).map(({ user_id, firstname, lastname }) => [
          user_id,
          { user_id, firstname, lastname },
        ]),
      ),
    [members.data],
  );
  const count = tasks.length;

  function apply(field: BulkField, changes: BulkTaskFields) {
    const undo = undoGroups(tasks, field);
    const taskIds = tasks.map((task) => task.task_id);
    bulkChange.mutate(
      { groups: [{ task_ids: taskIds, changes }], people },
      {
        onSuccess: () =>
          toastUndo(changedTasksMessage(taskIds.length), () => bulkChange.mutate({ groups: undo, people })),
      },
    );
  }

  // A delete has no Undo here: it asks first, and says where the tasks go (Settings › Trash).
  async function remove() {
    const taskIds = tasks.map((task) => task.task_id);
    const many = taskIds.length === 1 ? '1 task' : `${taskIds.length.toLocaleString('en')} tasks`;
    const confirmed = await confirm({
      title: `Delete ${many}?`,
      text: `They leave the list, the board and every other view and go to the trash, where each can be restored for ${TRASH_DAYS} days (Settings › Trash). Their sub-tasks stay, as top-level tasks.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    bulkDelete.mutate(taskIds, {
      onSuccess: () => {
        onClear();
        toastSuccess(`Deleted ${many}`);
      },
    });
  }

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      className={classes.bar}
      role="toolbar"
      aria-label={`Change ${count} selected task${count === 1 ? '' : 's'}`}
    >
      <Group gap="xs" wrap="wrap" justify="center">
        <Text size="sm" fw={600} className={classes.count} aria-live="polite">
          {count.toLocaleString('en')} selected
        </Text>
        <FieldMenu label="Status">
          {statuses.map((status) => (
            <Menu.Item
              key={status.key}
              leftSection={<StatusDot status={status.key} color={status.color} />}
              onClick={() => apply('status', { status: status.key })}
            >
              {status.name}
            </Menu.Item>
          ))}
        </FieldMenu>
        <FieldMenu label="Assignee">
          <ScrollArea.Autosize mah={280} type="auto">
            <Menu.Item onClick={() => apply('assignee', { assignee_id: null })}>Nobody</Menu.Item>
            {[...people.values()].map((person) => (
              <Menu.Item
                key={person.user_id}
                onClick={() => apply('assignee', { assignee_id: person.user_id })}
              >
                {memberName(person)}
              </Menu.Item>
            ))}
          </ScrollArea.Autosize>
        </FieldMenu>
        <FieldMenu label="Priority">
          {TASK_PRIORITIES.map((priority) => (
            <Menu.Item key={priority} onClick={() => apply('priority', { priority })}>
              {PRIORITY_LABELS[priority]}
            </Menu.Item>
          ))}
        </FieldMenu>
        <DueDateButton onSet={(dueOn) => apply('due', { due_on: dueOn })} />
        <BulkCycleMenu tasks={tasks} onSet={(cycleId) => apply('cycle', { cycle_id: cycleId })} />
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => void remove()}
        >
          Delete
        </Button>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Clear selection"
          title="Clear selection"
          onClick={onClear}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function FieldMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Menu position="top" withinPortal shadow="md">
      <Menu.Target>
        <Button size="compact-sm" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** A day for every selected task, or none: the browser's own date field, as small as it gets. */
function DueDateButton({ onSet }: { onSet: (dueOn: string | null) => void }) {
  const [opened, setOpened] = useState(false);
  const [day, setDay] = useState('');
  const done = (dueOn: string | null) => {
    setOpened(false);
    onSet(dueOn);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="top" withinPortal shadow="md" trapFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="default"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          onClick={() => setOpened((open) => !open)}
        >
          Due date
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            type="date"
            size="xs"
            label="Due date of the selected tasks"
            value={day}
            onChange={(event) => setDay(event.currentTarget.value)}
          />
          <Group gap="xs" justify="space-between">
            <Button size="compact-sm" variant="subtle" color="gray" onClick={() => done(null)}>
              Clear due date
            </Button>
            <Button size="compact-sm" disabled={!day} onClick={() => done(day)}>
              Set due date
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
