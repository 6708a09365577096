import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../lib/i18n/i18n';
import { paths } from '../shared/paths';
import { CenteredPanel } from '../ui/centered-panel';

export function NotFoundPage() {
  return (
    <CenteredPanel title={t('app.notFoundTitle')} subtitle={t('app.notFoundSubtitle')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('app.notFoundHint')}
        </Text>
        <Button component={Link} to={paths.projects} fullWidth>
          {t('app.goToProjects')}
        </Button>
      </Stack>
    </CenteredPanel>
  );
}
