import { ESTIMATE_SCALES, type EstimateScale } from '@figgle/shared/estimate';
import type { ProjectView } from '@figgle/shared/project-schemas';
import { Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { queryKeys } from '../../../shared/api/query-keys';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useUpdateProject } from '../api/update-project';
import { scaleChangeQuestion } from './estimate-words';
import { estimateScaleLabel } from './labels';
import { ProjectSettingsSection } from './project-settings-section';

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
      const sure = await confirm({ ...question, cancelLabel: t('tasks.keepScale') });
      if (!sure) return;
    }
    updateProject.mutate(
      { projectId: project.project_id, changes: { estimate_scale: next } },
      {
        onSuccess: () => {
          toastSuccess(t('tasks.scaleSaved', { scale: estimateScaleLabel(next) }));
          // Cleared estimates show as none on every row and card.
          void queryClient.invalidateQueries({ queryKey: queryKeys.allProjectTasks });
        },
        onError: (error) =>
          toastError(error instanceof ApiRequestError ? error.message : t('tasks.scaleFailed')),
      },
    );
  }

  return (
    <ProjectSettingsSection id="project-estimates-title" title={t('tasks.estimatesTitle')}>
      <Radio.Group
        aria-labelledby="project-estimates-title"
        description={t('tasks.estimatesDescription')}
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
              label={estimateScaleLabel(scale)}
              disabled={updateProject.isPending}
            />
          ))}
        </Stack>
      </Radio.Group>
      {current !== 'none' && (project.estimated_task_count ?? 0) > 0 ? (
        <Text size="xs" c="dimmed">
          {t('tasks.estimatedCount', { count: project.estimated_task_count ?? 0 })}
        </Text>
      ) : null}
    </ProjectSettingsSection>
  );
}
