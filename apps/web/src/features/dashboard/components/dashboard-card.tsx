import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export interface DashboardCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** A titled widget of the dashboard: a region named by its heading. */
export function DashboardCard({ title, subtitle, children }: DashboardCardProps) {
  const titleId = useId();
  return (
    <Paper component="section" withBorder radius="md" p="md" h="100%" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <div>
          <Title id={titleId} order={2} fz="md" fw={650}>
            {title}
          </Title>
          {subtitle ? (
            <Text size="xs" c="dimmed">
              {subtitle}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
