import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SettingsSectionTitleProps {
  title: ReactNode;
  description?: ReactNode;
}

export function SettingsSectionTitle({ title, description }: SettingsSectionTitleProps) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={2} fz="lg" fw={600}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
