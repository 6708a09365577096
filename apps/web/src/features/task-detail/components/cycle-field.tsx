import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { Select } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { useProjectCycles } from '../../../shared/api/list-cycles';
import { useSetTaskCycle } from '../../../shared/api/set-task-cycle';
import { cycleChoices, NO_CYCLE } from '../../../shared/task-actions/cycle-choices';

/**
 * The cycle of the task's project it is planned in (docs/product.md#cycles): the current cycle and
 * the next ones (and its own, when that one ended); "None" takes it out. Shown once the project
 * plans in cycles, or while the task is in one.
 */
export function CycleField({ task }: { task: TaskDetailView }) {
  const cycles = useProjectCycles(task.project_id);
  const setCycle = useSetTaskCycle();
  const enabled = cycles.data?.settings?.enabled ?? false;
  if (!enabled && task.cycle_id === null) return null;
  const options = cycleChoices(cycles.data?.cycles ?? [], task.cycle_id);
  const value = task.cycle_id ?? NO_CYCLE;
  if (!options.some((option) => option.value === value)) options.push({ value, label: '…' });
  return (
    <Select
      label={t('task-detail.cycle')}
      size="sm"
      allowDeselect={false}
      data={options}
      value={value}
      onChange={(next) => {
        const cycleId = next === NO_CYCLE || next === null ? null : next;
        if (cycleId === task.cycle_id) return;
        setCycle.mutate({ taskId: task.task_id, projectId: task.project_id, linkId: cycleId });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
