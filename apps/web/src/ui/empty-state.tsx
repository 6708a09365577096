import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from '../lib/i18n/i18n';

export interface EmptyStateProps {
  /** What would be here, and how it gets here: one sentence after "It's empty!". */
  hint: string;
  /** The one button that fills the empty place. */
  action: ReactNode;
  /** Names the note for screen readers and tests (such as "No task yet"). */
  label: string;
}

/**
 * The spec's "It's empty!" (docs/product.md, Shared widgets), followed by what would be here and the
 * one action that fills it, so a first visit never ends on a blank screen.
 */
export function EmptyState({ hint, action, label }: EmptyStateProps) {
  return (
    <Stack component="section" aria-label={label} gap={6} align="center" py="lg" px="md">
      <Text fw={500}>{t('messages.tableEmpty')}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={440}>
        {hint}
      </Text>
      <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{action}</div>
    </Stack>
  );
}

/** The empty place's button that opens the dialog adding the first thing, its code fetched on approach. */
export function AddFirstButton({
  label,
  dialog,
}: {
  label: string;
  dialog: { open: () => void; preload: () => void };
}) {
  return (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={dialog.open}
      onPointerEnter={dialog.preload}
      onFocus={dialog.preload}
    >
      {label}
    </Button>
  );
}
