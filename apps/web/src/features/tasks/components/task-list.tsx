import { MESSAGES } from '@figgle/shared/constants';
import { relativeTime } from '@figgle/shared/relative-time';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { Anchor, Group, Paper, Table, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useUpdateTask } from '../../../shared/api/update-task';
import { paths } from '../../../shared/paths';
import { UserAvatar } from '../../../ui/user-avatar';
import { AssigneePicker } from './assignee-picker';
import { ChecklistProgress } from './checklist-progress';
import filterClasses from './filters/filters.module.css';
import { useKeyboardSelection } from './filters/use-keyboard-selection';
import { StatusPicker } from './status-picker';
import classes from './task-list.module.css';
import { SortableHeader, TaskDue, TaskLabels, TaskPriorityPicker } from './task-planning-marks';
import planningClasses from './task-planning-marks.module.css';
import { compareTasksBy, useTaskSort } from './task-sort';

const ROW_HEIGHT = 53;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export interface TaskListProps {
  tasks: TaskSummaryView[] | undefined;
  loading: boolean;
  organizationId: string;
  /** Changed rows flash once this is set (a moment after the project changes), not on first paint. */
  animated: boolean;
  /** Rows that stopped matching the filters and are fading out. */
  leaving?: ReadonlySet<string>;
  /** Said instead of "It's empty!" when there are tasks but none is shown (filters). */
  emptyMessage?: string;
}

/**
 * The project's tasks as a table, by status then title (or by due date or priority, from the column
 * headers); only the rows in view are in the page.
 */
export function TaskList({ tasks, loading, organizationId, animated, leaving, emptyMessage }: TaskListProps) {
  const [sort, setSort] = useTaskSort();
  const sorted = useMemo(() => [...(tasks ?? [])].sort(compareTasksBy(sort)), [tasks, sort]);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (body) setOffset(body.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: sorted.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: offset,
  });
  const order = useMemo(
    () => sorted.filter((task) => !leaving?.has(task.task_id)).map((task) => task.task_id),
    [sorted, leaving],
  );
  const { selectedId } = useKeyboardSelection(order, {
    onMove: (id) => virtualizer.scrollToIndex(sorted.findIndex((task) => task.task_id === id)),
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0]!.start - virtualizer.options.scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  return (
    <Paper withBorder radius="md" className={classes.frame}>
      <Table.ScrollContainer minWidth={1170} type="native">
        <Table
          verticalSpacing={8}
          horizontalSpacing="md"
          className={classes.table}
          aria-rowcount={sorted.length + 1}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th w={150}>Status</Table.Th>
              <SortableHeader column="priority" title="Priority" sort={sort} onSort={setSort} width={124} />
              <SortableHeader column="due" title="Due date" sort={sort} onSort={setSort} width={136} />
              <Table.Th w={180}>Assignee</Table.Th>
              <Table.Th w={104}>Comments</Table.Th>
              <Table.Th w={150}>Last modified</Table.Th>
              <Table.Th w={124}>Created at</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody ref={bodyRef}>
            {loading || sorted.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text c="dimmed" ta="center" py="lg" size="sm">
                    {loading ? MESSAGES.tableLoading : (emptyMessage ?? MESSAGES.tableEmpty)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              <>
                {before > 0 ? <tr aria-hidden style={{ height: before }} /> : null}
                {items.map((item) => (
                  <TaskRow
                    key={sorted[item.index]!.task_id}
                    task={sorted[item.index]!}
                    rowIndex={item.index + 2}
                    organizationId={organizationId}
                    animated={animated}
                    leaving={leaving?.has(sorted[item.index]!.task_id)}
                    selected={sorted[item.index]!.task_id === selectedId}
                  />
                ))}
                {after > 0 ? <tr aria-hidden style={{ height: after }} /> : null}
              </>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

interface TaskRowProps {
  task: TaskSummaryView;
  rowIndex: number;
  organizationId: string;
  animated: boolean;
  /** Fading out: it stopped matching the filters. */
  leaving?: boolean;
  /** Where j and k put the selection: Enter opens it. */
  selected?: boolean;
}

/** True for a moment after the task's version changes while it is on screen. */
function useChangeFlash(version: number, enabled: boolean): boolean {
  const seen = useRef(version);
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    if (!enabled) return;
    setFlashing(true);
    const timer = setTimeout(() => setFlashing(false), 900);
    return () => clearTimeout(timer);
  }, [version, enabled]);
  return flashing;
}

function TaskRow({ task, rowIndex, organizationId, animated, leaving, selected }: TaskRowProps) {
  const updateTask = useUpdateTask();
  const modifier = task.last_modifier;
  const flashing = useChangeFlash(task.version, animated);
  return (
    <Table.Tr
      aria-rowindex={rowIndex}
      className={`${classes.row}${leaving ? ` ${filterClasses.leaving}` : ''}${selected ? ` ${filterClasses.selected}` : ''}`}
      aria-current={selected || undefined}
      data-flash={flashing || undefined}
      style={{ height: ROW_HEIGHT }}
    >
      <Table.Td>
        <div className={planningClasses.titleLine}>
          <Anchor
            component={Link}
            to={paths.task(task.task_id)}
            c="inherit"
            size="sm"
            className={classes.title}
          >
            <Text span c="dimmed" ff="monospace" size="xs" mr={8}>
              #{task.reference}
            </Text>
            {task.title}
          </Anchor>
          <TaskLabels task={task} />
          <ChecklistProgress checklist={task.checklist} />
        </div>
      </Table.Td>
      <Table.Td>
        <StatusPicker
          status={task.status}
          label={`Status of ${task.title}`}
          onChange={(status) => updateTask.mutate({ taskId: task.task_id, changes: { status } })}
        />
      </Table.Td>
      <Table.Td>
        <TaskPriorityPicker task={task} />
      </Table.Td>
      <Table.Td>
        <TaskDue task={task} stacked />
      </Table.Td>
      <Table.Td>
        <AssigneePicker
          organizationId={organizationId}
          assignee={task.assignee}
          label={`Assignee of ${task.title}`}
          onChange={(assignee) =>
            updateTask.mutate({
              taskId: task.task_id,
              changes: { assignee_id: assignee?.user_id ?? null },
              assignee,
            })
          }
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconMessageCircle size={15} stroke={1.8} aria-hidden />
          <Text size="sm" aria-label={`${task.comments_total} comments`}>
            {task.comments_total}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={8} wrap="nowrap">
          {modifier ? (
            <UserAvatar
              id={modifier.user_id}
              firstname={modifier.firstname}
              lastname={modifier.lastname}
              size={22}
              labelled
            />
          ) : null}
          <Text size="xs" c="dimmed" title={new Date(task.updated_at).toLocaleString()}>
            {relativeTime(task.updated_at)}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {dateFormat.format(new Date(task.created_at))}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
