import { Divider, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A section of Project settings, named by its heading (its `id`, for controls the heading names too)
 * under a rule, then the line that says what it is for, where it has one, and its controls.
 */
export function ProjectSettingsSection({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Divider my="xs" />
      <Title order={3} fz="md" fw={600} id={id}>
        {title}
      </Title>
      {text ? (
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
