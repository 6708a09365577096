import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  tag?: ReactNode;
  /** Shown before the title, for example a project's emoji. */
  leading?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, tag, leading, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="xl">
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap">
          {leading}
          <Title order={1} fz={26} fw={650} lh={1.2} style={{ letterSpacing: '-0.015em' }}>
            {title}
          </Title>
          {tag ? (
            <Badge variant="light" radius="sm" size="md" tt="none" fw={600}>
              {tag}
            </Badge>
          ) : null}
        </Group>
        {subtitle ? (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
