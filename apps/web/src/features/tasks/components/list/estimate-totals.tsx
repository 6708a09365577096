import type { EstimateScale } from '@figgle/shared/estimate';
import { defaultStatusLabel, TASK_STATUSES } from '@figgle/shared/status';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { estimateTotalsOf } from '../estimate-words';
import classes from '../task-list.module.css';

/**
 * Above the list: what the estimates of the shown tasks add up to, per status (the board's
 * columns) and in all ("To Do 8 pts · Doing 5 pts · All 13 pts"). Nothing when none has one.
 */
export function EstimateTotals({
  scale,
  tasks,
  leaving,
}: {
  scale: EstimateScale;
  tasks: readonly Pick<TaskSummaryView, 'task_id' | 'status' | 'estimate'>[];
  leaving?: ReadonlySet<string>;
}) {
  const totals = useMemo(() => {
    const shown = tasks.filter((task) => !leaving?.has(task.task_id));
    const estimates = new Map(shown.map((task) => [task.task_id, task.estimate]));
    const groups: Record<string, string[]> = {
      ...Object.fromEntries(TASK_STATUSES.map((status) => [status, [] as string[]])),
      all: shown.map((task) => task.task_id),
    };
    for (const task of shown) {
      groups[task.status] ??= [];
      groups[task.status]!.push(task.task_id);
    }
    return estimateTotalsOf(scale, groups, (id) => estimates.get(id));
  }, [scale, tasks, leaving]);
  if (!totals.all) return null;
  return (
    <Group gap="md" px="sm" py={6} className={classes.estimateTotals} aria-label="Estimates added up">
      {Object.keys(totals)
        .filter((status) => status !== 'all' && totals[status])
        .map((status) => (
          <Text key={status} size="xs" c="dimmed">
            {defaultStatusLabel(status)} <strong>{totals[status]}</strong>
          </Text>
        ))}
      <Text size="xs" c="dimmed">
        All <strong>{totals.all}</strong>
      </Text>
    </Group>
  );
}
