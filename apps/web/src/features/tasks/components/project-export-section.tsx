import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { toastError } from '../../../ui/toast';
import { type ProjectExportFormat, useExportProject } from '../api/export-project';

/** Project settings → Export: the tasks as CSV, or the whole project as Figgle's own JSON. */
export function ProjectExportSection({ projectId }: { projectId: string }) {
  const exportProject = useExportProject();
  const pendingFormat = exportProject.isPending ? exportProject.variables.format : null;

  function download(format: ProjectExportFormat) {
    exportProject.mutate(
      { projectId, format },
      {
        onError: (error) =>
          toastError(error instanceof ApiRequestError ? error.message : t('tasks.exportFailed')),
      },
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="project-export-title">
      <Divider my="xs" />
      <Title order={3} fz="md" fw={600} id="project-export-title">
        {t('tasks.exportTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('tasks.exportText')}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={pendingFormat === 'csv'}
          disabled={pendingFormat === 'json'}
          onClick={() => download('csv')}
        >
          {t('tasks.downloadCsv')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={pendingFormat === 'json'}
          disabled={pendingFormat === 'csv'}
          onClick={() => download('json')}
        >
          {t('tasks.downloadJson')}
        </Button>
      </Group>
    </Stack>
  );
}
