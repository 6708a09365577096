import type { EstimateScale } from '@figgle/shared/estimate';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { t, tRich } from '../../../../lib/i18n/i18n';
import { statusChoiceOf, useStatusChoices } from '../../../../shared/api/list-project-statuses';
import { estimateTotalsOf } from '../estimate-words';
import classes from '../task-list.module.css';

/**
 * Above the list: what the estimates of the shown tasks add up to, per status (the board's
 * columns, in their order and by their names in the project) and in all ("To Do 8 pts · In review
 * 5 pts · All 13 pts"). Nothing when none has one.
 */
export function EstimateTotals({
  scale,
  tasks,
  leaving,
}: {
  scale: EstimateScale;
  tasks: readonly Pick<TaskSummaryView, 'task_id' | 'project_id' | 'status' | 'estimate'>[];
  leaving?: ReadonlySet<string>;
}) {
  // The tasks are all of one project: the first one's names it.
  const statuses = useStatusChoices(tasks[0]?.project_id);
  const totals = useMemo(() => {
    const shown = tasks.filter((task) => !leaving?.has(task.task_id));
    const estimates = new Map(shown.map((task) => [task.task_id, task.estimate]));
    const groups: Record<string, string[]> = {
      ...Object.fromEntries(statuses.map((status) => [status.key, [] as string[]])),
      all: shown.map((task) => task.task_id),
    };
    for (const task of shown) {
      groups[task.status] ??= [];
      groups[task.status]!.push(task.task_id);
    }
    return estimateTotalsOf(scale, groups, (id) => estimates.get(id));
  }, [scale, tasks, leaving, statuses]);
  if (!totals.all) return null;
  return (
    <Group
      gap="md"
      px="sm"
      py={6}
      className={classes.estimateTotals}
      aria-label={t('tasks.estimatesAddedUp')}
    >
      {Object.keys(totals)
        .filter((status) => status !== 'all' && totals[status])
        .map((status) => (
          <Text key={status} size="xs" c="dimmed">
            {statusChoiceOf(statuses, status).name} <strong>{totals[status]}</strong>
          </Text>
        ))}
      <Text size="xs" c="dimmed">
        {tRich('tasks.estimatesAll', {
          total: totals.all,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </Text>
    </Group>
  );
}
