import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../shared/paths';
import { CenteredPanel } from '../ui/centered-panel';

export function NotFoundPage() {
  return (
    <CenteredPanel title="Page not found" subtitle="This address does not lead anywhere in Figgle.">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The link may be outdated, or the page may have been moved or deleted.
        </Text>
        <Button component={Link} to={paths.projects} fullWidth>
          Go to projects
        </Button>
      </Stack>
    </CenteredPanel>
  );
}
