import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { t } from '../lib/i18n/i18n';

/** Shown when a page crashes or its code cannot be loaded (for example after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : t('app.unknownError');

  return (
    <Center mih="70dvh" px="md" role="alert">
      <Stack maw={440} w="100%" gap="md">
        <Title order={1} fz={22} fw={650}>
          {t('app.errorTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('app.errorHint')}
        </Text>
        <Code block>{message}</Code>
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('app.reloadPage')}
        </Button>
      </Stack>
    </Center>
  );
}
