import type { ProjectCustomField } from '@figgle/shared/custom-field-schemas';
import { type EstimateScale, shownEstimate } from '@figgle/shared/estimate';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { Anchor, Checkbox, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconCornerLeftUp, IconMessageCircle } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import type { ValuesByTask } from '../../../shared/api/list-project-custom-fields';
import { useUpdateTask } from '../../../shared/api/update-task';
import { CustomValueText } from '../../../shared/custom-values/custom-value-text';
import { compareByField } from '../../../shared/custom-values/field-sort';
import { useFocusedTaskFieldKeys } from '../../../shared/field-keys';
import { paths } from '../../../shared/paths';
import { TaskActionsMenu } from '../../../shared/task-actions/task-actions-menu';
import { confirmDoneWhenBlocked } from '../../../ui/planning/confirm-done-when-blocked';
import { UserAvatar } from '../../../ui/user-avatar';
import { AssigneePicker } from './assignee-picker';
import { ChecklistProgress } from './checklist-progress';
import { DesignChangedMark } from './design-changed-mark';
import { DesignStatusMark } from './design-status-mark';
import filterClasses from './filters/filters.module.css';
import { useKeyboardSelection } from './filters/use-keyboard-selection';
import { BulkBar } from './list/bulk-bar';
import { ColumnChooser } from './list/column-chooser';
import { EstimateTotals } from './list/estimate-totals';
import { type ListColumns, useListColumns } from './list/list-columns';
import { type ListRow, listRows, type SubtaskView } from './list/subtask-rows';
import { useRowSelection } from './list/use-row-selection';
import { StatusPicker } from './status-picker';
import { RowBlockedMark, SubtaskProgress } from './structure-marks';
import classes from './task-list.module.css';
import { SortableHeader, TaskDue, TaskLabels, TaskPriorityPicker } from './task-planning-marks';
import planningClasses from './task-planning-marks.module.css';
import { compareTasksBy, useTaskSort } from './task-sort';

const ROW_HEIGHT = 53;
/** Below 600 px a row is two lines: the title, then its fields. */
const STACKED_ROW_HEIGHT = 82;
const STACKED_QUERY = '(max-width: 599.98px)';
let dateFormat: Intl.DateTimeFormat | undefined;
/** "Nov 25, 2026" in the person's language (made on first use: the language is known by then). */
function mediumDate(date: Date): string {
  dateFormat ??= new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' });
  return dateFormat.format(date);
}
/** How far each level of sub-tasks is indented, in px (less on a phone). */
const INDENT = 22;
const STACKED_INDENT = 12;
const NOTHING_COLLAPSED: ReadonlySet<string> = new Set();

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
  /** Shown instead of the bare "It's empty!" when the project has no task at all: how to add one. */
  emptyState?: ReactNode;
  /** The project's estimate scale: with one, an Estimate column and the totals per status. */
  estimateScale?: EstimateScale;
  /** Sub-tasks under their parent (collapsible) or as rows like any other (the default). */
  subtaskView?: SubtaskView;
  /** The project's trigram: references read "WEB-12" in names and questions. */
  trigram?: string;
  /** Every task of the project, filtered or not: names the parent of a sub-task shown without it. */
  allTasks?: readonly TaskSummaryView[];
  /** The project's custom fields and its tasks' values: the chosen ones are columns, sortable. */
  customFields?: readonly ProjectCustomField[];
  valuesByTask?: ValuesByTask;
  /**
   * Each row's organization, where the rows are of several (My tasks): its row pickers ask that one,
   * and the selection bar offers what is an organization's only for rows of one.
   */
  organizationOf?: (task: TaskSummaryView) => string;
}

/**
 * The project's tasks as a table, by status then title (or by due date or priority, from the column
 * headers); only the rows in view are in the page. The title takes the free width and the fields are
 * compact (icons and avatars, names on hover), so the table never scrolls sideways; "Last modified"
 * and "Created at" are in the "Columns" chooser, kept per person. Below 600 px each row is drawn as
 * two stacked lines.
 */
export function TaskList({
  tasks,
  loading,
  organizationId,
  animated,
  leaving,
  emptyMessage,
  emptyState,
  estimateScale = 'none',
  subtaskView = 'flat',
  trigram,
  allTasks,
  customFields,
  valuesByTask,
  organizationOf,
}: TaskListProps) {
  const [sort, setSort] = useTaskSort();
  const estimated = estimateScale !== 'none';
  const [chosen, setColumns] = useListColumns();
  const stacked = useMediaQuery(STACKED_QUERY, false) ?? false;
  // The optional columns are left out of the stacked rows: the phone has no room for them.
  const columns: ListColumns = stacked
    ? { lastModified: false, created: false, fields: chosen.fields }
    : chosen;
  // Below 600 px a chosen field's value shows under the title instead of in a column.
  const fieldColumns = useMemo(
    () => (customFields ?? []).filter((field) => columns.fields.includes(field.field_id)),
    [customFields, columns.fields],
  );
  const rowHeight = stacked ? STACKED_ROW_HEIGHT : ROW_HEIGHT;
  const columnCount =
    8 +
    (columns.lastModified ? 1 : 0) +
    (columns.created ? 1 : 0) +
    (estimated && !stacked ? 1 : 0) +
    (stacked ? 0 : fieldColumns.length);
  const sorted = useMemo(
    () => [...(tasks ?? [])].sort(compareByField(sort, customFields, valuesByTask) ?? compareTasksBy(sort)),
    [tasks, sort, customFields, valuesByTask],
  );
  const nested = subtaskView === 'nested';
  // Parents whose sub-tasks are folded away: kept while the list is open, all open at first.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(NOTHING_COLLAPSED);
  const rows = useMemo(() => listRows(sorted, subtaskView, collapsed), [sorted, subtaskView, collapsed]);
  const toggle = useCallback(
    (taskId: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(taskId)) next.add(taskId);
        return next;
      }),
    [],
  );
  const referenceOf = useCallback(
    (task: Pick<TaskSummaryView, 'reference'> & { project?: { trigram: string } }) => {
      // My tasks' rows carry their own project's trigram.
      const own = trigram ?? task.project?.trigram.toUpperCase();
      return own ? `${own}-${task.reference}` : `#${task.reference}`;
    },
    [trigram],
  );
  const byId = useMemo(
    () => (nested ? new Map((allTasks ?? sorted).map((task) => [task.task_id, task])) : null),
    [nested, allTasks, sorted],
  );
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (body) setOffset(body.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin: offset,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row height asks for a new measure.
  useEffect(() => virtualizer.measure(), [rowHeight]);
  const order = useMemo(
    () => rows.filter((row) => !leaving?.has(row.task.task_id)).map((row) => row.task.task_id),
    [rows, leaving],
  );
  const { selectedId } = useKeyboardSelection(order, {
    onMove: (id) => virtualizer.scrollToIndex(rows.findIndex((row) => row.task.task_id === id)),
  });
  // s, a, p, l, d and i on the row that holds the focus, or else the one j and k selected.
  useFocusedTaskFieldKeys(bodyRef, (taskId) => sorted.find((task) => task.task_id === taskId));
  // The rows ticked for a bulk change (list/bulk-bar.tsx), apart from j/k's one selected row.
  const ticked = useRowSelection(order);
  const tickedTasks = useMemo(() => {
    const byTaskId = new Map(sorted.map((task) => [task.task_id, task]));
    return ticked.ids.map((id) => byTaskId.get(id)!);
  }, [ticked.ids, sorted]);
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0]!.start - virtualizer.options.scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  return (
    <>
      <Paper withBorder radius="md" className={classes.frame}>
        {estimated ? <EstimateTotals scale={estimateScale} tasks={sorted} leaving={leaving} /> : null}
        <Table
          verticalSpacing={8}
          horizontalSpacing="xs"
          className={classes.table}
          data-stacked={stacked || undefined}
          role={stacked ? 'table' : undefined}
          aria-rowcount={rows.length + 1}
        >
          <Table.Thead role={stacked ? 'rowgroup' : undefined}>
            <Table.Tr className={classes.headRow} role={stacked ? 'row' : undefined}>
              <Table.Th w={36} className={classes.checkCell}>
                <Checkbox
                  size="xs"
                  aria-label={t('tasks.selectAllShown')}
                  checked={order.length > 0 && ticked.ids.length === order.length}
                  indeterminate={ticked.ids.length > 0 && ticked.ids.length < order.length}
                  disabled={order.length === 0}
                  onChange={ticked.toggleAll}
                />
              </Table.Th>
              <Table.Th className={classes.titleHead}>{t('tasks.title')}</Table.Th>
              <Table.Th w={132} className={classes.stackedHidden}>
                {t('tasks.status')}
              </Table.Th>
              <SortableHeader
                column="priority"
                title={t('tasks.priority')}
                sort={sort}
                onSort={setSort}
                width={92}
              />
              <SortableHeader
                column="due"
                title={t('tasks.dueColumn')}
                sort={sort}
                onSort={setSort}
                width={124}
              />
              {estimated && !stacked ? (
                <SortableHeader
                  column="estimate"
                  title={t('tasks.estimate')}
                  sort={sort}
                  onSort={setSort}
                  width={96}
                />
              ) : null}
              <Table.Th w={92} className={classes.stackedHidden}>
                {t('tasks.assigneeColumn')}
              </Table.Th>
              {/* The icon for the eye, the word for a screen reader: a header cell's name is its text. */}
              <Table.Th w={56} className={classes.stackedHidden} title={t('tasks.comments')}>
                <IconMessageCircle size={14} stroke={1.8} aria-hidden />
                <VisuallyHidden>{t('tasks.comments')}</VisuallyHidden>
              </Table.Th>
              {columns.lastModified ? <Table.Th w={140}>{t('tasks.lastModified')}</Table.Th> : null}
              {columns.created ? <Table.Th w={116}>{t('tasks.createdAt')}</Table.Th> : null}
              {stacked
                ? null
                : fieldColumns.map((field) => (
                    <SortableHeader
                      key={field.field_id}
                      column={`field:${field.field_id}`}
                      title={field.name}
                      sort={sort}
                      onSort={setSort}
                      width={140}
                    />
                  ))}
              <Table.Th w={44} className={classes.chooserHead}>
                {stacked && !customFields?.length ? null : (
                  <ColumnChooser
                    columns={chosen}
                    onChange={setColumns}
                    fields={customFields}
                    stacked={stacked}
                  />
                )}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody ref={bodyRef} role={stacked ? 'rowgroup' : undefined}>
            {loading || rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  {!loading && emptyMessage === undefined && emptyState ? (
                    emptyState
                  ) : (
                    <Text c="dimmed" ta="center" py="lg" size="sm">
                      {loading ? t('messages.tableLoading') : (emptyMessage ?? t('messages.tableEmpty'))}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ) : (
              <>
                {before > 0 ? <tr aria-hidden style={{ height: before }} /> : null}
                {items.map((item) => {
                  const row = rows[item.index]!;
                  const task = row.task;
                  return (
                    <TaskRow
                      key={task.task_id}
                      task={task}
                      rowIndex={item.index + 2}
                      organizationId={organizationOf?.(task) ?? organizationId}
                      animated={animated}
                      leaving={leaving?.has(task.task_id)}
                      selected={task.task_id === selectedId}
                      ticked={ticked.has(task.task_id)}
                      onTick={ticked.click}
                      columns={columns}
                      fieldColumns={fieldColumns}
                      values={valuesByTask?.get(task.task_id)}
                      height={rowHeight}
                      stacked={stacked}
                      estimateScale={estimated && !stacked ? estimateScale : null}
                      reference={referenceOf(task)}
                      nesting={
                        nested
                          ? {
                              row,
                              onToggle: toggle,
                              parentName: row.detached ? parentName(task, byId, referenceOf) : undefined,
                            }
                          : undefined
                      }
                    />
                  );
                })}
                {after > 0 ? <tr aria-hidden style={{ height: after }} /> : null}
              </>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      {tickedTasks.length > 0 ? (
        <>
          {/* Room below the last row, so it can scroll clear of the bar that floats there. */}
          <div className={classes.barRoom} aria-hidden />
          <BulkBar
            tasks={tickedTasks}
            organizationId={organizationOf ? commonOrganization(tickedTasks, organizationOf) : organizationId}
            onClear={ticked.clear}
            estimateScale={estimateScale}
            customFields={customFields}
            valuesByTask={valuesByTask}
          />
        </>
      ) : null}
    </>
  );
}

/** The one organization of the tasks, or null when they are of several. */
function commonOrganization(
  tasks: readonly TaskSummaryView[],
  organizationOf: (task: TaskSummaryView) => string,
): string | null {
  const first = tasks[0] ? organizationOf(tasks[0]) : null;
  return first !== null && tasks.every((task) => organizationOf(task) === first) ? first : null;
}

/** "Sub-task of WEB-3 Checkout": the parent of a sub-task drawn without it, named when it is known. */
function parentName(
  task: TaskSummaryView,
  byId: ReadonlyMap<string, TaskSummaryView> | null,
  referenceOf: (task: TaskSummaryView) => string,
): string {
  const parent = task.parent_id ? byId?.get(task.parent_id) : undefined;
  return parent
    ? t('tasks.subtaskOf', { reference: referenceOf(parent), title: parent.title })
    : t('tasks.subtaskOfOtherProject');
}

/** Where a row sits in the nested view, and its fold button. */
interface RowNesting {
  row: ListRow<TaskSummaryView>;
  onToggle: (taskId: string) => void;
  /** For a sub-task drawn at the top level without its parent: which task it belongs to. */
  parentName: string | undefined;
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
  /** Ticked for a bulk change. */
  ticked: boolean;
  /** Its checkbox was clicked, with Shift or not. */
  onTick: (taskId: string, shift: boolean) => void;
  columns: ListColumns;
  /** The custom fields chosen as columns, and this task's values. */
  fieldColumns: readonly ProjectCustomField[];
  values: ReadonlyMap<string, unknown> | undefined;
  height: number;
  /** Drawn as two lines (below 600 px). */
  stacked: boolean;
  /** The scale of the Estimate column; null: no such column. */
  estimateScale: EstimateScale | null;
  /** 'WEB-12', or '#12' without the project's trigram. */
  reference: string;
  /** In the nested view: depth, fold button and parent hint. */
  nesting?: RowNesting;
}

/** The row's checkbox is driven by its click (see TaskRow); React still asks for a change handler. */
function noChange() {}

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

function TaskRow({
  task,
  rowIndex,
  organizationId,
  animated,
  leaving,
  selected,
  ticked,
  onTick,
  columns,
  fieldColumns,
  values,
  height,
  stacked,
  estimateScale,
  reference,
  nesting,
}: TaskRowProps) {
  const updateTask = useUpdateTask();
  const modifier = task.last_modifier;
  const flashing = useChangeFlash(task.version, animated);
  const cellRole = stacked ? 'cell' : undefined;
  return (
    <Table.Tr
      aria-rowindex={rowIndex}
      // Drawn as a grid below 600 px, where CSS would drop the row's table semantics.
      role={stacked ? 'row' : undefined}
      className={`${classes.row}${leaving ? ` ${filterClasses.leaving}` : ''}${selected ? ` ${filterClasses.selected}` : ''}`}
      aria-current={selected || undefined}
      data-flash={flashing || undefined}
      data-ticked={ticked || undefined}
      data-task-id={task.task_id}
      style={{ height }}
    >
      <Table.Td role={cellRole} className={classes.checkCell}>
        <Checkbox
          size="xs"
          aria-label={t('tasks.selectRow', { reference, title: task.title })}
          checked={ticked}
          // The click, not the change, says whether Shift was held (a range from the last row clicked).
          onChange={noChange}
          onClick={(event) => onTick(task.task_id, event.shiftKey)}
        />
      </Table.Td>
      <Table.Td className={classes.titleCell} role={cellRole}>
        <div className={planningClasses.titleLine}>
          {nesting ? <NestingSlot nesting={nesting} reference={reference} stacked={stacked} /> : null}
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
          {stacked
            ? fieldColumns.map((field) =>
                values?.has(field.field_id) ? (
                  <CustomValueText
                    key={field.field_id}
                    field={field}
                    value={values.get(field.field_id) as never}
                    organizationId={organizationId}
                  />
                ) : null,
              )
            : null}
          <ChecklistProgress checklist={task.checklist} />
          <SubtaskProgress subtasks={task.subtasks} />
          <RowBlockedMark taskId={task.task_id} count={task.blocked_by} />
          <DesignChangedMark projectId={task.project_id} taskId={task.task_id} />
          <DesignStatusMark status={task.design_status} />
          <TaskActionsMenu
            taskId={task.task_id}
            projectId={task.project_id}
            title={task.title}
            reference={`#${task.reference}`}
            cycleId={task.cycle_id}
          />
        </div>
      </Table.Td>
      <Table.Td role={cellRole} data-field-key="status">
        <StatusPicker
          status={task.status}
          projectId={task.project_id}
          label={t('tasks.statusOf', { title: task.title })}
          width={stacked ? 100 : 120}
          onChange={async (status, category, currentCategory) => {
            // A blocked task asks first, as on its page and the board; Cancel keeps its status.
            if (
              category === 'done' &&
              currentCategory !== 'done' &&
              !(await confirmDoneWhenBlocked(task.blocked_by ?? 0, reference))
            )
              return;
            updateTask.mutate({ taskId: task.task_id, changes: { status } });
          }}
        />
      </Table.Td>
      <Table.Td role={cellRole} data-field-key="priority">
        <TaskPriorityPicker task={task} iconOnly />
      </Table.Td>
      <Table.Td role={cellRole}>
        <TaskDue task={task} stacked />
      </Table.Td>
      {estimateScale ? (
        <Table.Td role={cellRole}>
          <Text size="xs" c={shownEstimate(estimateScale, task.estimate) ? undefined : 'dimmed'}>
            {shownEstimate(estimateScale, task.estimate) ?? '–'}
          </Text>
        </Table.Td>
      ) : null}
      <Table.Td role={cellRole} data-field-key="assignee">
        <AssigneePicker
          organizationId={organizationId}
          assignee={task.assignee}
          label={t('tasks.assigneeOf', { title: task.title })}
          width={undefined}
          compact
          onChange={(assignee) =>
            updateTask.mutate({
              taskId: task.task_id,
              changes: { assignee_id: assignee?.user_id ?? null },
              assignee,
            })
          }
        />
      </Table.Td>
      <Table.Td role={cellRole}>
        <Group
          gap={4}
          wrap="nowrap"
          c="dimmed"
          title={t('tasks.commentCount', { count: task.comments_total })}
        >
          <IconMessageCircle size={14} stroke={1.8} aria-hidden />
          <Text size="xs" aria-label={t('tasks.commentCount', { count: task.comments_total })}>
            {task.comments_total}
          </Text>
        </Group>
      </Table.Td>
      {columns.lastModified ? (
        <Table.Td role={cellRole}>
          <Group gap={6} wrap="nowrap">
            {modifier ? (
              <UserAvatar
                id={modifier.user_id}
                firstname={modifier.firstname}
                lastname={modifier.lastname}
                size={22}
                labelled
              />
            ) : null}
            <Text
              size="xs"
              c="dimmed"
              truncate
              title={new Date(task.updated_at).toLocaleString(intlLocale())}
            >
              {relativeTime(task.updated_at)}
            </Text>
          </Group>
        </Table.Td>
      ) : null}
      {columns.created ? (
        <Table.Td role={cellRole}>
          <Text size="xs" c="dimmed">
            {mediumDate(new Date(task.created_at))}
          </Text>
        </Table.Td>
      ) : null}
      {stacked
        ? null
        : fieldColumns.map((field) => (
            <Table.Td key={field.field_id} role={cellRole}>
              <CustomValueText
                field={field}
                value={values?.get(field.field_id) as never}
                organizationId={organizationId}
              />
            </Table.Td>
          ))}
      <Table.Td className={classes.stackedHidden} />
    </Table.Tr>
  );
}

/**
 * The start of a row's title in the nested view: its indent, then the button that folds its
 * sub-tasks (a parent), or the same room empty; a sub-task shown without its parent says whose it is.
 */
function NestingSlot({
  nesting,
  reference,
  stacked,
}: {
  nesting: RowNesting;
  reference: string;
  stacked: boolean;
}) {
  const { row, onToggle, parentName: parent } = nesting;
  const taskId = row.task.task_id;
  return (
    <span
      className={classes.nest}
      style={{ paddingInlineStart: row.depth * (stacked ? STACKED_INDENT : INDENT) }}
    >
      {row.children > 0 ? (
        <button
          type="button"
          className={classes.fold}
          aria-expanded={!row.collapsed}
          aria-label={
            row.collapsed
              ? t('tasks.expandSubtasks', { reference })
              : t('tasks.collapseSubtasks', { reference })
          }
          title={
            row.collapsed
              ? t('tasks.showSubtasks', { count: row.children })
              : t('tasks.hideSubtasks', { count: row.children })
          }
          onClick={() => onToggle(taskId)}
        >
          {row.collapsed ? (
            <IconChevronRight size={14} aria-hidden />
          ) : (
            <IconChevronDown size={14} aria-hidden />
          )}
        </button>
      ) : parent ? (
        <span role="img" className={classes.fold} aria-label={parent} title={parent}>
          <IconCornerLeftUp size={14} stroke={1.8} aria-hidden />
        </span>
      ) : (
        <span className={classes.fold} aria-hidden />
      )}
    </span>
  );
}
