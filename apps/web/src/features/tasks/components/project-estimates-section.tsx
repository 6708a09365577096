import { ESTIMATE_SCALE_LABELS, ESTIMATE_SCALES, type EstimateScale } from '@figgle/shared/estimate';
import type { ProjectView } from '@figgle/shared/project-schemas';
import { Divider, Radio, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useUpdateProject } from '../api/update-project';
import { scaleChangeQuestion } from './estimate-words';

/**
 * Project settings → Estimates: the scale the project's tasks are estimated in, saved as soon as it
 * is chosen. A change that would clear estimates asks first and says how many (docs/product.md#estimates).
 */
export function ProjectEstimatesSection({ project }: { project: ProjectView }) {
  const queryClient = useQueryClient();
  const updateProject = useUpdateProject();
  // A copy kept on the device from before estimates existed has no scale.
  const current: EstimateScale = project.estimate_scale ?? 'none';

  async function choose(next: EstimateScale) {
    if (next === current) return;
    const question = scaleChangeQuestion(project.estimated_task_count ?? 0, next);
    if (question) {
      const sure = await confirm({ ...question, cancelLabel: 'Keep the scale' });
      if (!sure) return;
    }
    updateProject.mutate(
      { projectId: project.project_id, changes: { estimate_scale: next } },
      {
        onSuccess: () => {
          toastSuccess(`Estimates: ${ESTIMATE_SCALE_LABELS[next]}.`);
          // Cleared estimates show as none on every row and card.
          void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
        },
        onError: (error) =>
          toastError(error instanceof ApiRequestError ? error.message : 'The scale could not be saved.'),
      },
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="project-estimates-title">
      <Divider my="xs" />
      <Title order={3} fz="md" fw={600} id="project-estimates-title">
        Estimates
      </Title>
      <Radio.Group
        aria-labelledby="project-estimates-title"
        description="The values a task's estimate is chosen from. Rows, cards and column headers add them up."
        name="estimate_scale"
        value={
          updateProject.isPending ? (updateProject.variables.changes.estimate_scale ?? current) : current
        }
        onChange={(value) => void choose(value as EstimateScale)}
      >
        <Stack gap={8} mt={8}>
          {ESTIMATE_SCALES.map((scale) => (
            <Radio
              key={scale}
              value={scale}
              label={ESTIMATE_SCALE_LABELS[scale]}
              disabled={updateProject.isPending}
            />
          ))}
        </Stack>
      </Radio.Group>
      {current !== 'none' && (project.estimated_task_count ?? 0) > 0 ? (
        <Text size="xs" c="dimmed">
          {project.estimated_task_count === 1
            ? '1 task has an estimate.'
            : `${project.estimated_task_count} tasks have an estimate.`}
        </Text>
      ) : null}
    </Stack>
  );
}
