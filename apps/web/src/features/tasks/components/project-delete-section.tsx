import type { ProjectView } from '@figgle/shared/project-schemas';
import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { queryKeys } from '../../../shared/api/query-keys';
import { paths } from '../../../shared/paths';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError } from '../../../ui/toast';
import { useDeleteProject } from '../api/delete-project';

/** Project settings, last and set apart: deleting the project, after the spec's confirmation. */
export function ProjectDeleteSection({
  project,
  onDeleted,
}: {
  project: ProjectView;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteProject = useDeleteProject();

  async function remove() {
    const sure = await confirm({
      title: t('messages.deleteProjectTitle'),
      text: t('messages.deleteProjectText'),
      cancelLabel: t('messages.deleteProjectCancel'),
      confirmLabel: t('messages.deleteProjectConfirm'),
    });
    if (!sure) return;
    try {
      await deleteProject.mutateAsync(project.project_id);
    } catch {
      toastError(t('messages.error'));
      return;
    }
    onDeleted();
    navigate(paths.projects);
    queryClient.removeQueries({ queryKey: queryKeys.project(project.project_id) });
    await confirm({
      title: t('messages.projectDeletedTitle'),
      text: t('messages.projectDeletedText', { name: project.name }),
      noCancel: true,
    });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="project-delete-title">
      <Divider my="xs" color="red.3" />
      <Title order={3} fz="md" fw={600} c="red" id="project-delete-title">
        {t('tasks.deleteTitle')}
      </Title>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" maw={380}>
          {t('tasks.deleteText')}
        </Text>
        <Button variant="outline" color="red" onClick={() => void remove()} loading={deleteProject.isPending}>
          {t('tasks.deleteButton')}
        </Button>
      </Group>
    </Stack>
  );
}
