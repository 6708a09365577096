import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a page crashes or its code cannot be loaded (for example after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Unknown error';

  return (
    <Center mih="70dvh" px="md" role="alert">
      <Stack maw={440} w="100%" gap="md">
        <Title order={1} fz={22} fw={650}>
          Something went wrong
        </Title>
        <Text size="sm" c="dimmed">
          This page could not be displayed. Reloading usually helps; if it keeps happening, tell the person
          who runs your Figgle server.
        </Text>
        <Code block>{message}</Code>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Reload the page
        </Button>
      </Stack>
    </Center>
  );
}
