import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ApiRequestError } from '../../../lib/api-client';
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
          toastError(
            error instanceof ApiRequestError ? error.message : 'The export could not be downloaded.',
          ),
      },
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="project-export-title">
      <Divider my="xs" />
      <Title order={3} fz="md" fw={600} id="project-export-title">
        Export
      </Title>
      <Text size="sm" c="dimmed">
        CSV lists the tasks for a spreadsheet. JSON holds the whole project (descriptions, comments, change
        log, labels, checklists and file references) and can be imported back into Figgle.
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={pendingFormat === 'csv'}
          disabled={pendingFormat === 'json'}
          onClick={() => download('csv')}
        >
          Download CSV
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={pendingFormat === 'json'}
          disabled={pendingFormat === 'csv'}
          onClick={() => download('json')}
        >
          Download JSON
        </Button>
      </Group>
    </Stack>
  );
}
