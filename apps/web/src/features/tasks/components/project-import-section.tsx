import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { ProjectSettingsSection } from './project-settings-section';

/** Project settings → Import: opens the importer, which adds tasks to this project. */
export function ProjectImportSection({ projectId, onLeave }: { projectId: string; onLeave: () => void }) {
  return (
    <ProjectSettingsSection
      id="project-import-title"
      title={t('tasks.importTitle')}
      text={t('tasks.importText')}
    >
      <div>
        <Button
          component={Link}
          to={paths.projectImport(projectId)}
          variant="default"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={onLeave}
        >
          {t('tasks.importButton')}
        </Button>
      </div>
    </ProjectSettingsSection>
  );
}
