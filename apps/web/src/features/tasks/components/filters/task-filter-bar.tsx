import type { EstimateScale } from '@figgle/shared/estimate';
import { Badge, Button, Center, Group, Loader, Popover, Text } from '@mantine/core';
import { IconFilter, IconX } from '@tabler/icons-react';
import { type ReactNode, Suspense, useMemo } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import { lazyReady } from '../../../../lib/lazy-ready';
import type { StatusChoice } from '../../../../shared/api/list-project-statuses';
import type { FilterFieldsProps, ParentChoice, ViewLabel } from './filter-fields';
import classes from './filters.module.css';
import { activeFilterCount, hasFilters } from './task-filters';
import type { TaskFiltersState } from './use-task-filters';

// The popover's fields are a chunk of their own: a board opens without them, and they are fetched
// when the button is pointed at or focused.
const FilterFields = lazyReady<FilterFieldsProps>(async () => (await import('./filter-fields')).FilterFields);

/** What the bar reads of a task: its labels, and what names it among the parents offered. */
interface FilterBarTask {
  task_id: string;
  reference: number;
  title: string;
  labels?: ReadonlyArray<ViewLabel>;
  /** Absent on a copy kept on the device from before sub-tasks. */
  subtasks?: { total: number } | null;
  project?: { trigram: string };
}

interface TaskFilterBarProps {
  state: TaskFiltersState;
  /** Every task of the view, before filtering: m in "n of m tasks", the labels and parents offered. */
  tasks: ReadonlyArray<FilterBarTask>;
  /** How many tasks the filters let through. */
  shownCount: number;
  /** The organization whose members are offered as assignees; none on My tasks (all are the viewer's). */
  organizationId?: string;
  /** The project's estimate scale, for the Estimate filter; none on My tasks (projects differ). */
  estimateScale?: EstimateScale;
  /** The project's trigram, for the references of the parents offered (My tasks' tasks carry theirs). */
  trigram?: string;
  /** The project's statuses, in board order, for the Status filter; the four first ones on My tasks. */
  statuses?: readonly StatusChoice[];
  /** Drawn at the end of the bar: the view's own options (the list's sub-task grouping). */
  children?: ReactNode;
}

/** The labels carried by the view's tasks, by name: the ones worth offering as a filter. */
function labelsOf(tasks: TaskFilterBarProps['tasks']): ViewLabel[] {
  const byId = new Map<string, ViewLabel>();
  for (const task of tasks) for (const label of task.labels ?? []) byId.set(label.label_id, label);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The tasks with sub-tasks, as "WEB-12 Checkout redesign", by reference: the parents worth offering. */
function parentsOf(tasks: TaskFilterBarProps['tasks'], trigram: string | undefined): ParentChoice[] {
  return tasks
    .filter((task) => (task.subtasks?.total ?? 0) > 0)
    .map((task) => {
      const code = task.project?.trigram ?? trigram;
      return {
        value: task.task_id,
        label: `${code ? `${code}-` : '#'}${task.reference} ${task.title}`,
        reference: task.reference,
      };
    })
    .sort((a, b) => a.reference - b.reference || a.label.localeCompare(b.label))
    .map(({ value, label }) => ({ value, label }));
}

/**
 * The "Filters" button, its popover (text, status, assignee, and the planning fields) and, while
 * filters are on, "n of m tasks" with "Clear filters".
 */
export function TaskFilterBar({
  state,
  tasks,
  shownCount,
  organizationId,
  estimateScale,
  trigram,
  statuses,
  children,
}: TaskFilterBarProps) {
  const { filters, setFilters, clear } = state;
  const active = activeFilterCount(filters);
  // Priority, due and labels are offered once tasks carry them (the planning fields).
  const labels = useMemo(
    () => (tasks.length === 0 || tasks.some((task) => task.labels !== undefined) ? labelsOf(tasks) : null),
    [tasks],
  );
  const parentChoices = useMemo(() => parentsOf(tasks, trigram), [tasks, trigram]);
  return (
    <Group gap="sm" mb="md" wrap="wrap" className={classes.bar}>
      <Popover position="bottom-start" width={320} shadow="md" trapFocus withinPortal>
        <Popover.Target>
          <Button
            onPointerEnter={FilterFields.preload}
            onFocus={FilterFields.preload}
            variant={active > 0 ? 'light' : 'default'}
            leftSection={<IconFilter size={16} stroke={1.8} aria-hidden />}
            rightSection={
              active > 0 ? (
                <Badge size="sm" circle aria-hidden>
                  {active}
                </Badge>
              ) : null
            }
            aria-label={active > 0 ? t('tasks.filtersOn', { count: active }) : t('tasks.filters')}
          >
            {t('tasks.filters')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label={t('tasks.filters')} role="dialog" className={classes.dropdown}>
          <Suspense
            fallback={
              <Center py="md" role="status" aria-label={t('tasks.loading')}>
                <Loader size="sm" type="dots" />
              </Center>
            }
          >
            <FilterFields
              filters={filters}
              setFilters={setFilters}
              organizationId={organizationId}
              labels={labels}
              estimateScale={estimateScale}
              parentChoices={parentChoices}
              statuses={statuses}
            />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
      {hasFilters(filters) ? (
        <>
          <Text size="sm" c="dimmed" role="status">
            {t('tasks.shownOfTotal', { shown: shownCount, total: tasks.length })}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={clear}
          >
            {t('tasks.clearFilters')}
          </Button>
        </>
      ) : null}
      {children ? <div className={classes.barEnd}>{children}</div> : null}
    </Group>
  );
}
