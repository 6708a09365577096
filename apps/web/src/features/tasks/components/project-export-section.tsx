import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { toastError } from '../../../ui/toast';
import { type ProjectExportFormat, useExportProject } from '../api/export-project';
import { ProjectSettingsSection } from './project-settings-section';

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
    <ProjectSettingsSection
      id="project-export-title"
      title={t('tasks.exportTitle')}
      text={t('tasks.exportText')}
    >
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
    </ProjectSettingsSection>
  );
}
