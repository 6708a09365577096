import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';

/** Project settings → Import: opens the importer, which adds tasks to this project. */
export function ProjectImportSection({ projectId, onLeave }: { projectId: string; onLeave: () => void }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="project-import-title">
      <Divider my="xs" />
      <Title order={3} fz="md" fw={600} id="project-import-title">
        {t('tasks.importTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('tasks.importText')}
      </Text>
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
    </Stack>
  );
}
