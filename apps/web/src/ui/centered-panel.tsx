import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo';

export interface CenteredPanelProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Shown under the card, for example legal links. */
  footer?: ReactNode;
  width?: number;
}

/** The frame of the screens without a sidebar: sign-in, account and onboarding pages. */
export function CenteredPanel({ title, subtitle, children, footer, width = 420 }: CenteredPanelProps) {
  return (
    <Center
      component="main"
      mih="100dvh"
      px="md"
      py={48}
      style={{
        background:
          'radial-gradient(1200px 600px at 50% -10%, color-mix(in srgb, var(--mantine-primary-color-filled) 14%, transparent), transparent 70%), var(--figgle-canvas)',
      }}
    >
      <Stack w="100%" maw={width} gap="xl">
        <Center>
          <Logo height={32} />
        </Center>
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'lg', xs: 32 }}
          shadow="sm"
          style={{ backgroundColor: 'var(--figgle-surface)' }}
        >
          <Stack gap={4} mb={children ? 'lg' : 0}>
            <Title order={1} fz={22} fw={650} style={{ letterSpacing: '-0.01em' }}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Paper>
        {footer ? <Box>{footer}</Box> : null}
      </Stack>
    </Center>
  );
}
