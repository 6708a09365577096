import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { Select } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { useProjectMilestones } from '../../../shared/api/list-milestones';
import { useSetTaskMilestone } from '../api/set-task-milestone';

const NONE = 'none';

/** The milestone of the task's project it belongs to; "None" takes it out. */
export function MilestoneField({ task }: { task: TaskDetailView }) {
  const milestones = useProjectMilestones(task.project_id);
  const setMilestone = useSetTaskMilestone();
  const options = [
    { value: NONE, label: t('task-detail.none') },
    ...(milestones.data ?? []).map((milestone) => ({ value: milestone.milestone_id, label: milestone.name })),
  ];
  const value = task.milestone_id ?? NONE;
  // Until the list arrives, the task's own milestone is still an option, so the field is never blank.
  if (!options.some((option) => option.value === value)) options.push({ value, label: '…' });
  return (
    <Select
      label={t('task-detail.milestone')}
      size="sm"
      allowDeselect={false}
      data={options}
      value={value}
      onChange={(next) => {
        const milestoneId = next === NONE || next === null ? null : next;
        if (milestoneId === task.milestone_id) return;
        setMilestone.mutate({ taskId: task.task_id, projectId: task.project_id, linkId: milestoneId });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
