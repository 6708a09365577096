import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';

/** Project settings → Import: opens the importer, which adds tasks to this project. */
export function ProjectImportSection({ projectId, onLeave }: { projectId: string; onLeave: () => void }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="project-import-title">
      <Divider my="xs" />
      <Title order={3} fz="md" fw={600} id="project-import-title">
        Import
      </Title>
      <Text size="sm" c="dimmed">
        Add tasks to this project from a Trello board export, a Figgle export or a CSV file.
      </Text>
      <div>
        <Button
          component={Link}
          to={paths.projectImport(projectId)}
          variant="default"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={onLeave}
        >
          Import
        </Button>
      </div>
    </Stack>
  );
}
