import type { TaskLabelView } from '@figgle/shared/planning-schemas';
import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { useCreateLabel } from '../../../shared/api/create-label';
import { useLabels } from '../../../shared/api/list-labels';
import { statusChoiceOf, useStatusChoices } from '../../../shared/api/list-project-statuses';
import { useProjects } from '../../../shared/api/list-projects';
import { useUpdateTask } from '../../../shared/api/update-task';
import { DueDateInput } from '../../../ui/planning/due-date-input';
import { DueMark } from '../../../ui/planning/due-mark';
import { EstimateSelect } from '../../../ui/planning/estimate-select';
import { nextLabelColor } from '../../../ui/planning/label-color';
import { LabelSelect } from '../../../ui/planning/label-select';
import { PrioritySelect } from '../../../ui/planning/priority-select';
import { StartDateInput } from '../../../ui/planning/start-date-input';
import { useSetTaskLabels } from '../api/set-task-labels';

/**
 * Start date, due date, priority, estimate (when the project has a scale) and labels of the task page's side
 * panel. Each change shows at once, is saved alone and rolls back with the failure toast; made
 * offline, it waits with the others.
 */
export function TaskPlanningFields({ task }: { task: TaskDetailView }) {
  const update = useUpdateTask();
  // Finished is a category (docs/product.md#statuses): a project's own Done status is not late.
  const category = statusChoiceOf(useStatusChoices(task.project.project_id), task.status).category;
  const finished = category === 'done' || category === 'canceled';
  const organizationId = task.project.organization_id;
  const labels = useLabels(organizationId);
  const createLabel = useCreateLabel(organizationId);
  const setLabels = useSetTaskLabels();
  // The project's estimate scale, from the projects list kept on the device: no field without one.
  const projects = useProjects();
  const scale =
    projects.data?.find((project) => project.project_id === task.project_id)?.estimate_scale ?? 'none';

  // A copy kept on the device from before these fields existed has none of them.
  const taskLabels = task.labels ?? [];
  // The task's own labels count too, before the organization's list has arrived (or offline).
  const known = useMemo(() => {
    const byId = new Map<string, TaskLabelView>();
    for (const label of taskLabels) byId.set(label.label_id, label);
    for (const { label_id, name, color } of labels.data ?? []) byId.set(label_id, { label_id, name, color });
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [taskLabels, labels.data]);

  const due = { due_on: task.due_on ?? null, due_at: task.due_at ?? null };
  return (
    <Stack gap="md">
      <StartDateInput
        value={task.start_date ?? null}
        onChange={(start_date) => update.mutate({ taskId: task.task_id, changes: { start_date } })}
      />
      <Stack gap={6}>
        <DueDateInput
          value={due}
          onChange={(next) => update.mutate({ taskId: task.task_id, changes: next })}
        />
        <DueMark due={due} finished={finished} />
      </Stack>
      <PrioritySelect
        label={t('task-detail.priority')}
        data-field-key="priority"
        size="sm"
        value={task.priority ?? 'NONE'}
        onChange={(priority) => update.mutate({ taskId: task.task_id, changes: { priority } })}
      />
      {scale !== 'none' ? (
        <EstimateSelect
          label={t('task-detail.estimate')}
          size="sm"
          scale={scale}
          value={task.estimate ?? null}
          onChange={(estimate) => update.mutate({ taskId: task.task_id, changes: { estimate } })}
        />
      ) : null}
      {/* What the "l" field key opens (shared/field-keys.ts): the picker's field inside. */}
      <div data-field-key="labels">
        <LabelSelect
          labels={known}
          value={taskLabels.map((label) => label.label_id)}
          onChange={(labelIds) =>
            setLabels.mutate({
              taskId: task.task_id,
              labelIds,
              labels: known.filter((label) => labelIds.includes(label.label_id)),
            })
          }
          onCreate={(name) => createLabel.mutateAsync({ name, color: nextLabelColor(known) })}
        />
      </div>
    </Stack>
  );
}
